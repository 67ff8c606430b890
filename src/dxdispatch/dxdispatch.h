/* Internal: the DxDispatch JSON front end (docs/dxdispatch.md). A model is parsed
   completely (JSON, resources with their initial data, dispatchables, commands) before
   anything runs; dmlp__dx_model_run then creates every operator and runs the commands.
   Failures return a status and set dmlp_last_error() to "<JSON location>: <why>" or
   "line L, column C: <why>" for syntax errors. */
#ifndef DMLP_DXDISPATCH_H
#define DMLP_DXDISPATCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dmlp.h"
#include "io/confine.h"

typedef struct dmlp__dx_model dmlp__dx_model;

typedef struct dmlp__dx_parse_options {
    const char *base_dir;      /* relative sourcePaths are looked up here first; NULL: "." */
    int no_files;              /* 1: sourcePath is refused and writeFile writes nothing
                                  (parsing from memory, e.g. for fuzzing) */
    uint64_t max_buffer_bytes; /* 0: no limit; else a larger resource is refused */
    const dmlp__confine *confine; /* not NULL: every sourcePath and targetPath must
                                     resolve inside this folder (checked before anything
                                     runs); it must outlive the model */
} dmlp__dx_parse_options;

/* Parses a model from text[0, size). options may be NULL (defaults). */
dmlp_status dmlp__dx_model_parse(const char *text, size_t size,
                                 const dmlp__dx_parse_options *options,
                                 dmlp__dx_model **model);

/* Reads and parses the file at path; sourcePaths are looked up beside it first.
   _confined: confine may be NULL (see dmlp__dx_parse_options). */
dmlp_status dmlp__dx_model_load(const char *path, dmlp__dx_model **model);
dmlp_status dmlp__dx_model_load_confined(const char *path, const dmlp__confine *confine,
                                         dmlp__dx_model **model);

typedef struct dmlp__dx_run_options {
    dmlp_device *device;             /* NULL: one is created at feature_level */
    DML_FEATURE_LEVEL feature_level; /* 0: the highest */
    uint32_t iterations;             /* per dispatch command; 0 counts as 1 */
    FILE *out;                       /* printed lines go here; NULL prints nothing */
} dmlp__dx_run_options;

/* Creates every dispatchable's operator (a refusal is "dispatchables.NAME: <why>") and
   checks every binding and every writeFile target, then runs the commands in order.
   The writeFile outputs are renamed into place together once every command has run
   (none if a command fails). Buffers keep what commands wrote; a second run starts from
   there. */
dmlp_status dmlp__dx_model_run(dmlp__dx_model *model, const dmlp__dx_run_options *options);

void dmlp__dx_model_free(dmlp__dx_model *model);

/* A model's resource as it stands: its initial data, or after a run what the commands
   left in it (dmlp.dispatch returns them). The pointers are the model's: valid until it
   is freed, the data changed by a further run. */
typedef struct dmlp__dx_resource_view {
    const char *name;
    DML_TENSOR_DATA_TYPE type; /* of its elements; UNKNOWN when the model names none */
    uint64_t size;             /* the buffer's bytes (sizeInBytes) */
    const void *data;          /* size bytes */
} dmlp__dx_resource_view;

/* How many resources the model has, in the order the JSON lists them. */
size_t dmlp__dx_model_resource_count(const dmlp__dx_model *model);

/* Resource i (below the count). */
dmlp__dx_resource_view dmlp__dx_model_resource(const dmlp__dx_model *model, size_t i);

#endif
