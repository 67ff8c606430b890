/* Internal to the DxDispatch front end: the parsed model and the JSON helpers the
   parsing files share. */
#ifndef DMLP_DX_INTERNAL_H
#define DMLP_DX_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "core/registry.h"
#include "dxdispatch.h"
#include "platform/compiler.h"
#include "io/confine.h"

/* ---- JSON document (json_doc.c, json_prepass.c) ------------------------------------- */

/* Where each number literal sits in the text, in document order, so integers are read
   from their digits (exact for 64-bit values) rather than from cJSON's double. */
typedef struct dmlp__dx_number_token {
    size_t start;
    size_t length;
} dmlp__dx_number_token;

typedef struct dmlp__dx_number_ref {
    const cJSON *item;
    size_t token;
} dmlp__dx_number_ref;

/* The largest JSON document read, whatever the memory budget: a model's text is small
   (data comes from sourcePath files), and cJSON's tree of a 1 GiB document of numbers
   would take several times that. A longer file or stream is refused, not read on. */
#define DMLP__DX_MAX_DOCUMENT (UINT64_C(1) << 30)

typedef struct dmlp__dx_json {
    cJSON *root;
    char *text; /* the pre-passed copy, NUL-terminated */
    size_t size;
    dmlp__dx_number_token *tokens;
    size_t token_count;
    dmlp__dx_number_ref *refs; /* sorted by item address */
    size_t ref_count;
    uint64_t memory; /* what the document holds at most, taken from the memory budget */
} dmlp__dx_json;

/* Blanks comments and trailing commas in text[0, size) with spaces (strings and escapes
   respected, every offset kept) and lists the number literals. */
dmlp_status dmlp__dx_json_prepass(char *text, size_t size, dmlp__dx_number_token **tokens,
                                  size_t *token_count);

/* The offset of the first \u0000 escape inside a string, size when there is none: cJSON
   keeps strings NUL-terminated, so such a string would be cut short there. */
size_t dmlp__dx_json_nul_escape(const char *text, size_t size);

/* The same blanking, and counts without allocating: the number literals, and at most how
   many values cJSON will make of the text (the memory budget checks the tree before it
   is built). */
void dmlp__dx_json_measure(char *text, size_t size, size_t *numbers, size_t *values);

/* 1-based line and column of a byte offset. */
void dmlp__dx_json_line_col(const char *text, size_t size, size_t offset, size_t *line,
                            size_t *column);

/* json_numbers.c: the offset of the first number-like run in text (strings skipped) that
   is not a JSON number (007, 5., .5, +1, 1e), with its length and why; size when every
   one is a JSON number. */
size_t dmlp__dx_json_bad_number(const char *text, size_t size, size_t *length,
                                const char **why);

/* json_names.c: refuses an object in which a name appears twice, naming the name and
   the object (cJSON keeps both members, and its lookups would take the first). */
dmlp_status dmlp__dx_json_check_names(const cJSON *root);

dmlp_status dmlp__dx_json_parse(const char *text, size_t size, dmlp__dx_json *doc);
void dmlp__dx_json_free(dmlp__dx_json *doc);

/* The literal text of a number item; false if it cannot be found. */
bool dmlp__dx_json_number_text(const dmlp__dx_json *doc, const cJSON *item, const char **text,
                               size_t *length);

/* ---- locations and errors ----------------------------------------------------------- */

#define DMLP__DX_PATH_MAX 256

/* out = parent + "." + key (or key alone at the root). */
void dmlp__dx_path_key(char *out, const char *parent, const char *key);
/* out = parent + "[index]". */
void dmlp__dx_path_index(char *out, const char *parent, size_t index);

/* Sets "path: <message>" as the error and returns status. */
dmlp_status dmlp__dx_fail(dmlp_status status, const char *path, const char *fmt, ...)
    DMLP__PRINTF(3, 4);

/* Refuses members of object other than the allowed names (NULL-terminated list). */
dmlp_status dmlp__dx_check_members(const cJSON *object, const char *path,
                                   const char *const *allowed);

/* A JSON integer (digits only) in [0, max], into *value. */
dmlp_status dmlp__dx_get_uint(const dmlp__dx_json *doc, const cJSON *item, const char *path,
                              uint64_t max, uint64_t *value);

/* A string member or item; *value points into the document. */
dmlp_status dmlp__dx_get_string(const cJSON *item, const char *path, const char **value);

/* name equals word, or prefix + word. */
bool dmlp__dx_name_is(const char *name, const char *prefix, const char *word);

typedef struct dmlp__dx_flag_name {
    const char *name; /* without the prefix */
    uint32_t value;
} dmlp__dx_flag_name;

/* Flags written as a string or an array of strings, each one of names (with or without
   prefix), ORed into *flags. what names the kind in refusals: "a tensor flag". */
dmlp_status dmlp__dx_parse_flags(const cJSON *json, const char *path, const char *prefix,
                                 const dmlp__dx_flag_name *names, size_t count,
                                 const char *what, uint32_t *flags);

/* ---- the model ---------------------------------------------------------------------- */

typedef struct dmlp__dx_resource {
    char *name;
    DML_TENSOR_DATA_TYPE type; /* UNKNOWN for a typed list without initialValuesDataType */
    uint64_t data_size;        /* bytes of initial data: what print shows */
    uint64_t size;             /* the buffer's size (sizeInBytes) */
    unsigned char *data;       /* size bytes */
} dmlp__dx_resource;

typedef struct dmlp__dx_tensor {
    DML_BUFFER_TENSOR_DESC buffer;
    uint32_t *sizes;
    uint32_t *strides;
} dmlp__dx_tensor;

typedef struct dmlp__dx_binding {
    size_t resource;
    uint64_t offset; /* bytes */
} dmlp__dx_binding;

typedef struct dmlp__dx_dispatchable {
    char *name;
    const dmlp__op_def *def; /* the operator's registry row */
    dmlp__dx_tensor inputs[DMLP__MAX_INPUTS]; /* the row's input i (InputTensor; ATensor,
                                                 BTensor; ConditionTensor, ATensor ...) */
    uint32_t absent;         /* bit i: optional input i left out (missing or null) */
    bool axis_count_given;   /* the desc has an AxisCount (Axes must agree with it) */
    dmlp__dx_tensor output;
    dmlp__op_params params;  /* the desc's fields other than tensors, but: */
    bool has_scale_bias;     /* a ScaleBias was given (the array of dispatchables moves */
    DML_SCALE_BIAS scale_bias; /* while parsing: params points here only at creation) */
    uint32_t execution_flags;
    dmlp_operator *op;
    /* Inputs flagged OWNED_BY_DML are bound once, in the dispatchable's own "bindings",
       and their bytes copied when the operator is made (DirectML's initialization): a
       later change to the resource is not seen, as on DirectML. */
    const cJSON *init_bindings;              /* the dispatchable's "bindings", or NULL */
    bool owned[DMLP__MAX_INPUTS];            /* input i is bound at initialization */
    dmlp__dx_binding init[DMLP__MAX_INPUTS]; /* ... to this */
    void *owned_data[DMLP__MAX_INPUTS];      /* ... whose bytes, while a run lasts */
} dmlp__dx_dispatchable;

typedef enum dmlp__dx_command_kind {
    DMLP__DX_DISPATCH,
    DMLP__DX_PRINT,
    DMLP__DX_WRITE_FILE
} dmlp__dx_command_kind;

typedef struct dmlp__dx_command {
    dmlp__dx_command_kind kind;
    size_t index; /* the dispatchable (dispatch) or the resource (print, writeFile) */
    dmlp__dx_binding inputs[DMLP__MAX_INPUTS]; /* the row's input i */
    dmlp__dx_binding output;
    bool verbose;
    char *target_path;
    bool has_dimensions;
    uint32_t dimension_count;
    uint64_t *dimensions;
    char path[32]; /* "commands[N]" */
} dmlp__dx_command;

struct dmlp__dx_model {
    dmlp__dx_resource *resources;
    size_t resource_count;
    dmlp__dx_dispatchable *dispatchables;
    size_t dispatchable_count;
    dmlp__dx_command *commands;
    size_t command_count;
    bool no_files;
    const dmlp__confine *confine; /* from the parse options; NULL: anywhere */
    uint64_t memory_used;         /* the buffers, from the memory budget */
};

typedef struct dmlp__dx_parse_context {
    const dmlp__dx_json *doc;
    const dmlp__dx_parse_options *options;
    const char *base_dir;
    uint64_t *memory_used;  /* the buffers taken from the memory budget so far */
    uint64_t source_limit;  /* a resource's sizeInBytes while its sourcePath is read (a
                               stream is read no further), else 0 */
} dmlp__dx_parse_context;

/* resources.c, initial_values.c */
dmlp_status dmlp__dx_parse_resource(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                    const char *path, dmlp__dx_resource *resource);
dmlp_status dmlp__dx_parse_initial_values(const dmlp__dx_parse_context *ctx, const cJSON *values,
                                          DML_TENSOR_DATA_TYPE type, const char *path,
                                          DML_TENSOR_DATA_TYPE *data_type,
                                          unsigned char **data, uint64_t *data_size);
/* Reads one element of type (a number, or "nan"/"inf"/"-inf" for float types). */
dmlp_status dmlp__dx_read_element(const dmlp__dx_json *doc, const cJSON *item,
                                  DML_TENSOR_DATA_TYPE type, const char *path, void *out);
/* A data type name, with or without DML_TENSOR_DATA_TYPE_; DirectML's types only. */
dmlp_status dmlp__dx_get_type(const cJSON *item, const char *path, DML_TENSOR_DATA_TYPE *type);
/* A float value (a number, or "nan", "inf", "-inf" in any case) stored as type (FLOAT16,
   FLOAT32 or FLOAT64) at out. */
dmlp_status dmlp__dx_read_float(const cJSON *item, DML_TENSOR_DATA_TYPE type, const char *path,
                                void *out);

/* initial_files.c */
dmlp_status dmlp__dx_read_source(const dmlp__dx_parse_context *ctx, const char *source,
                                 DML_TENSOR_DATA_TYPE type, const char *path,
                                 DML_TENSOR_DATA_TYPE *data_type, unsigned char **data,
                                 uint64_t *data_size);

/* dispatchables.c, tensor_desc.c */
dmlp_status dmlp__dx_parse_dispatchable(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                        const char *path, dmlp__dx_dispatchable *dispatchable);
dmlp_status dmlp__dx_parse_tensor(const dmlp__dx_parse_context *ctx, const cJSON *json,
                                  const char *path, dmlp__dx_tensor *tensor);
void dmlp__dx_tensor_free(dmlp__dx_tensor *tensor);

/* commands.c */
/* The dispatchable's "bindings" (tensors flagged OWNED_BY_DML), once resources are read. */
dmlp_status dmlp__dx_parse_init_bindings(const dmlp__dx_parse_context *ctx,
                                         const dmlp__dx_model *model, const char *path,
                                         dmlp__dx_dispatchable *d);

dmlp_status dmlp__dx_parse_command(const dmlp__dx_parse_context *ctx, const dmlp__dx_model *model,
                                   const cJSON *json, size_t index, dmlp__dx_command *command);

/* print.c */
void dmlp__dx_print_values(FILE *out, const dmlp__dx_resource *resource, bool verbose);

#endif
