/*
 * dmlp_onnx.h — load and run ONNX models made of Sign, Softsign and IsInf.
 *
 * A model is read from a file or from memory, checked completely when it is loaded, and
 * then run any number of times with tensors the caller provides. Underneath, every node
 * is one dmlp operator (dmlp.h) on a device created at the highest feature level with
 * DMLP_DEVICE_FLAG_EXTENSIONS, so the results are exactly those dmlp.h documents, with
 * ONNX's choices where ONNX decides:
 *
 *   Sign      (versions 9 and 13): NaN gives NaN (DMLP_EXECUTION_FLAG_NAN_PROPAGATE).
 *   Softsign  (versions 1 and 22): x / (1 + |x|), ±inf gives NaN.
 *   IsInf     (versions 10 and 20): a bool output; detect_negative / detect_positive
 *             (both default 1) choose -inf, +inf or both; (0, 0) gives all false.
 *
 * Which version of an operator applies is decided by the model's opset_import for the
 * default domain ("" or "ai.onnx"): the largest version not above the opset. The opset
 * must be within 1 .. DMLP_ONNX_OPSET_MAX, and each node's input type must be one its
 * version allows:
 *
 *   Sign-9:      uint8 uint16 uint32 uint64 int8 int16 int32 int64 float16 float double
 *   Sign-13:     Sign-9's types and bfloat16
 *   Softsign-1:  float16 float double
 *   Softsign-22: Softsign-1's types and bfloat16
 *   IsInf-10:    float double
 *   IsInf-20:    float16 float double bfloat16 float8e4m3fn float8e4m3fnuz float8e5m2
 *                float8e5m2fnuz
 *
 * Graphs may chain nodes through intermediate tensors, have several outputs, use
 * initializers (as constants, or as default values of graph inputs) and tensors of any
 * rank from 0 (a scalar) to 8. A tensor with a 0 dimension is empty: the nodes that read
 * it produce empty outputs. A tensor holds at most 2^32 - 1 elements. A run compiles the
 * nodes into one graph of at most DMLP_ONNX_MAX_GRAPH_NODES nodes and constants (after
 * lowering: a variadic or quantized node becomes several); a model that needs more is
 * refused by the run, before anything is compiled, with UNSUPPORTED: "the model runs N
 * nodes after lowering ... and C constants; dmlp runs at most 65535 in one graph".
 *
 * Refused when the model is loaded, with a message naming the node, its operator, the
 * opset and the type: any other operator or domain, an opset out of range, a type the
 * operator's version does not allow, an unknown attribute, a node input nobody defines,
 * a tensor defined twice, a cycle, external or segmented tensor data, sparse
 * initializers, ranks above 8, shapes whose element count overflows, and malformed or
 * truncated protobuf.
 *
 * Tensor data everywhere in this API is packed row-major and little-endian, with the
 * element sizes of ONNX's types: bool is one byte holding 0 or 1, float16 and bfloat16
 * are 16-bit patterns, the float8 types are 8-bit patterns.
 *
 * Errors: functions return a dmlp_status and on failure set the calling thread's message
 * (dmlp_last_error(), see dmlp.h), prefixed with the file or tensor concerned.
 */
#ifndef DMLP_ONNX_H
#define DMLP_ONNX_H

#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The highest default-domain opset accepted (ONNX 1.18's). */
#define DMLP_ONNX_OPSET_MAX 23

/* The most nodes and constants one run compiles into its graph (DML_GRAPH_DESC's
   NodeCount limit). */
#define DMLP_ONNX_MAX_GRAPH_NODES 65535u

/* The highest tensor rank a node accepts (DirectML's dimension count limit). */
#define DMLP_ONNX_MAX_RANK 8

/* ONNX's element types (TensorProto.DataType), with ONNX's numbers. */
typedef enum dmlp_onnx_type {
    DMLP_ONNX_TYPE_UNDEFINED = 0,
    DMLP_ONNX_TYPE_FLOAT = 1,
    DMLP_ONNX_TYPE_UINT8 = 2,
    DMLP_ONNX_TYPE_INT8 = 3,
    DMLP_ONNX_TYPE_UINT16 = 4,
    DMLP_ONNX_TYPE_INT16 = 5,
    DMLP_ONNX_TYPE_INT32 = 6,
    DMLP_ONNX_TYPE_INT64 = 7,
    DMLP_ONNX_TYPE_STRING = 8,     /* not supported by dmlp */
    DMLP_ONNX_TYPE_BOOL = 9,
    DMLP_ONNX_TYPE_FLOAT16 = 10,
    DMLP_ONNX_TYPE_DOUBLE = 11,
    DMLP_ONNX_TYPE_UINT32 = 12,
    DMLP_ONNX_TYPE_UINT64 = 13,
    DMLP_ONNX_TYPE_COMPLEX64 = 14, /* not supported by dmlp */
    DMLP_ONNX_TYPE_COMPLEX128 = 15,/* not supported by dmlp */
    DMLP_ONNX_TYPE_BFLOAT16 = 16,
    DMLP_ONNX_TYPE_FLOAT8E4M3FN = 17,
    DMLP_ONNX_TYPE_FLOAT8E4M3FNUZ = 18,
    DMLP_ONNX_TYPE_FLOAT8E5M2 = 19,
    DMLP_ONNX_TYPE_FLOAT8E5M2FNUZ = 20
} dmlp_onnx_type;

/* ONNX's name of a type ("float", "bfloat16", "float8e5m2", ...), or "type <n>" for a
   number dmlp does not know (in a per-thread buffer). Never NULL. */
DMLP_API const char *dmlp_onnx_type_name(int32_t type);

/* Bytes per element of a type dmlp can hold, 0 for the others (string, complex, ...). */
DMLP_API uint32_t dmlp_onnx_type_size(int32_t type);

/* A tensor: its name (may be NULL where no name is needed), type, shape and data.
   data holds size_in_bytes bytes: the element count (the product of dims, 1 for rank 0)
   times dmlp_onnx_type_size(type). dims has rank entries (NULL when rank is 0). */
typedef struct dmlp_onnx_tensor {
    const char *name;
    int32_t type;            /* dmlp_onnx_type */
    uint32_t rank;
    const int64_t *dims;
    const void *data;
    uint64_t size_in_bytes;
} dmlp_onnx_tensor;

/* A graph input or output as the model declares it. Valid until the model is freed. */
typedef struct dmlp_onnx_value_info {
    const char *name;
    int32_t type;                  /* dmlp_onnx_type; for outputs, inferred when the model
                                      does not declare it */
    int has_shape;                 /* 0: the model gives no shape (any rank) */
    uint32_t rank;
    const int64_t *dims;           /* rank entries; -1 where the dimension is symbolic or
                                      unknown */
    const char *const *dim_params; /* rank entries: the symbolic name (e.g. "N"), or NULL
                                      for a fixed or unknown dimension */
    int has_default;               /* inputs: an initializer of the same name gives a
                                      value when the caller provides none */
} dmlp_onnx_value_info;

typedef struct dmlp_onnx_options {
    uint32_t thread_count; /* threads of the model's device; 0: one per core */
} dmlp_onnx_options;

typedef struct dmlp_onnx_model dmlp_onnx_model;
typedef struct dmlp_onnx_result dmlp_onnx_result;

/* Loads and checks a model (see the top of this file for what is refused). options may
   be NULL. *model is set only on success. Statuses: IO (the file cannot be read),
   FORMAT (malformed protobuf, or a model that breaks ONNX's rules: undefined inputs,
   cycles, tensors defined twice, bad tensor data), UNSUPPORTED (valid ONNX that dmlp
   does not run: other operators, opsets, types, external data, ranks above 8),
   OUT_OF_MEMORY (also a file or stream past the memory budget), INVALID_ARGUMENT
   (DMLP_MAX_MEMORY is set but is no size: see the memory budget below). A file over 2
   GiB less a byte, protobuf's limit, is FORMAT, and a stream is read no further.
   Messages start with the path, or "<memory>". Thread-safe. */
DMLP_API dmlp_status dmlp_onnx_model_load_file(const char *path,
                                               const dmlp_onnx_options *options,
                                               dmlp_onnx_model **model);
DMLP_API dmlp_status dmlp_onnx_model_load_memory(const void *bytes, size_t size,
                                                 const dmlp_onnx_options *options,
                                                 dmlp_onnx_model **model);

/* Frees a model and its device. Accepts NULL. Results of the model stay valid. */
DMLP_API void dmlp_onnx_model_free(dmlp_onnx_model *model);

/* The default-domain opset the model imports. */
DMLP_API int64_t dmlp_onnx_model_opset(const dmlp_onnx_model *model);

/* The graph's inputs (including those with a default) and outputs, in the model's order. */
DMLP_API uint32_t dmlp_onnx_model_input_count(const dmlp_onnx_model *model);
DMLP_API uint32_t dmlp_onnx_model_output_count(const dmlp_onnx_model *model);

/* Describes input or output number index. Statuses: INVALID_ARGUMENT (index out of
   range, NULL pointers). */
DMLP_API dmlp_status dmlp_onnx_model_input(const dmlp_onnx_model *model, uint32_t index,
                                           dmlp_onnx_value_info *info);
DMLP_API dmlp_status dmlp_onnx_model_output(const dmlp_onnx_model *model, uint32_t index,
                                            dmlp_onnx_value_info *info);

/* Runs the model. inputs are matched to graph inputs by name; every graph input without
   a default must be given, once. Each must have the declared type, the declared rank
   and every fixed dimension the model declares; a symbolic dimension (dim_param) takes
   the size fed for it, and all dimensions of one name, in any graph inputs, must be fed
   the same size.
   The caller's tensors are only read, and may be freed after the call. *result is set
   only on success and owns the outputs. Statuses: INVALID_ARGUMENT (unknown, missing,
   repeated or mismatched inputs, a symbolic dimension fed two sizes, too many elements),
   OUT_OF_MEMORY (also when the tensors the run makes, beside the model's initializers
   and the inputs, would pass the memory budget: the least of the machine's physical
   memory, the address-space limit and the room its control groups leave, or
   DMLP_MAX_MEMORY; the message names the node's output; a DMLP_MAX_MEMORY that is
   set but is no size, e.g. "5mb", refuses with INVALID_ARGUMENT naming it rather than
   fall back to the machine's memory). Calls
   on one model must not overlap; different models may run at the same time. */
DMLP_API dmlp_status dmlp_onnx_model_run(dmlp_onnx_model *model, uint32_t input_count,
                                         const dmlp_onnx_tensor *inputs,
                                         dmlp_onnx_result **result);

/* The outputs of a run, in the order of the graph's outputs. The tensor's pointers stay
   valid until the result is freed. Statuses: INVALID_ARGUMENT (index out of range). */
DMLP_API uint32_t dmlp_onnx_result_count(const dmlp_onnx_result *result);
DMLP_API dmlp_status dmlp_onnx_result_output(const dmlp_onnx_result *result, uint32_t index,
                                             dmlp_onnx_tensor *tensor);
DMLP_API void dmlp_onnx_result_free(dmlp_onnx_result *result);

/* Reads a serialized ONNX TensorProto (the .pb files of ONNX's test cases), from
   raw_data or from the typed field ONNX assigns to the type (float_data; int32_data for
   int8/int16/int32/uint8/uint16/bool and the 16- and 8-bit float bit patterns;
   int64_data; uint64_data for uint32/uint64; double_data). On success the tensor's name
   (NULL if the file has none), dims and data are allocated; release them with
   dmlp_onnx_tensor_clear. Statuses: IO, FORMAT (malformed, sizes that disagree with the
   shape, values out of the type's range), UNSUPPORTED (string, complex and other types
   dmlp cannot hold, external or segmented data), OUT_OF_MEMORY. */
DMLP_API dmlp_status dmlp_onnx_tensor_load_file(const char *path, dmlp_onnx_tensor *tensor);
DMLP_API dmlp_status dmlp_onnx_tensor_load_memory(const void *bytes, size_t size,
                                                  dmlp_onnx_tensor *tensor);

/* Frees what a tensor load allocated and zeroes the struct. Accepts NULL. Only for
   tensors filled by dmlp_onnx_tensor_load_*. */
DMLP_API void dmlp_onnx_tensor_clear(dmlp_onnx_tensor *tensor);

/* Writes a tensor as a TensorProto with raw_data. The file is written beside path under
   a temporary name and renamed, so a failure leaves no partial file. The memory form
   returns malloc'ed bytes (release with free()). Statuses: INVALID_ARGUMENT (a type dmlp
   cannot hold, a size that disagrees with the shape), IO, OUT_OF_MEMORY. */
DMLP_API dmlp_status dmlp_onnx_tensor_save_file(const char *path,
                                                const dmlp_onnx_tensor *tensor);
DMLP_API dmlp_status dmlp_onnx_tensor_save_memory(const dmlp_onnx_tensor *tensor,
                                                  void **bytes, size_t *size);

#ifdef __cplusplus
}
#endif

#endif /* DMLP_ONNX_H */
