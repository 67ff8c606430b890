/* Running a parsed model: every dispatchable becomes an operator first (so a refusal
   comes before any command runs), then the commands run in order. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/operator.h"
#include "core/registry.h"
#include "core/support.h"
#include "core/types.h"
#include "dx_internal.h"
#include "io/budget.h"
#include "io/npy.h"
#include "io/output.h"
#include "platform/clock.h"

static dmlp_status create_operator(dmlp_device *device, dmlp__dx_dispatchable *d)
{
    dmlp__desc_storage storage;
    dmlp__op_params params = d->params;
    params.scale_bias = d->has_scale_bias ? &d->scale_bias : NULL;
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS];
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++)
        inputs[i] = (d->absent >> i & 1u) ? NULL : &d->inputs[i].buffer;
    const DML_OPERATOR_DESC *desc =
        dmlp__desc_build_inputs(&storage, d->def, inputs, &d->output.buffer, &params);
    dmlp_status s = dmlp_operator_create(device, desc, d->execution_flags, &d->op);
    if (s != DMLP_OK) {
        char prefix[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(prefix, "dispatchables", d->name);
        dmlp__error_prefix(prefix);
    }
    return s;
}

static double now_ms(void)
{
    return dmlp__clock_seconds() * 1e3;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void fill_binding(const dmlp__dx_model *model, const dmlp__dx_binding *b,
                         dmlp_buffer_binding *out)
{
    const dmlp__dx_resource *r = &model->resources[b->resource];
    out->buffer = r->data;
    out->offset = b->offset;
    out->size_in_bytes = r->size - b->offset; /* the binding holds the rest of the buffer */
}

/* A dispatch command's bindings: its own, or for an input flagged OWNED_BY_DML the copy
   its dispatchable took at initialization. */
static void fill_dispatch(const dmlp__dx_model *model, const dmlp__dx_command *c,
                          dmlp_buffer_binding *inputs, dmlp_buffer_binding *output)
{
    const dmlp__dx_dispatchable *d = &model->dispatchables[c->index];
    uint32_t count = dmlp__op_input_count(d->def);
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++) {
        if (i >= count || (d->absent >> i & 1u)) { /* no input, or one left out */
            inputs[i].buffer = NULL;
            inputs[i].offset = 0;
            inputs[i].size_in_bytes = 0;
        } else if (d->owned[i]) {
            inputs[i].buffer = d->owned_data[i];
            inputs[i].offset = 0;
            inputs[i].size_in_bytes = d->inputs[i].buffer.TotalTensorSizeInBytes;
        } else {
            fill_binding(model, &c->inputs[i], &inputs[i]);
        }
    }
    fill_binding(model, &c->output, output);
}

/* DirectML's initialization of an operator with OWNED_BY_DML inputs: their bytes, as the
   resources hold them now, are copied into the operator's keeping. The copies come from
   the memory budget beside the buffers (*used): many dispatchables may own one large
   resource. */
static dmlp_status take_owned_inputs(const dmlp__dx_model *model, dmlp__dx_dispatchable *d,
                                     uint64_t *used)
{
    for (uint32_t i = 0; i < DMLP__MAX_INPUTS; i++) {
        if (!d->owned[i])
            continue;
        uint64_t bytes = d->inputs[i].buffer.TotalTensorSizeInBytes;
        const dmlp__dx_resource *r = &model->resources[d->init[i].resource];
        free(d->owned_data[i]);
        d->owned_data[i] = NULL;
        dmlp_status s = dmlp__budget_take(used, "the initialization copy", bytes);
        if (s != DMLP_OK) {
            char prefix[DMLP__DX_PATH_MAX];
            dmlp__dx_path_key(prefix, "dispatchables", d->name);
            dmlp__dx_path_key(prefix, prefix, "bindings");
            dmlp__error_prefix(prefix);
            return s;
        }
        d->owned_data[i] = malloc(bytes ? (size_t)bytes : 1);
        if (!d->owned_data[i])
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                               "dispatchables.%s.bindings: out of memory for the initialization "
                               "copy (%llu bytes)",
                               d->name, (unsigned long long)bytes);
        memcpy(d->owned_data[i], r->data + d->init[i].offset, (size_t)bytes);
    }
    return DMLP_OK;
}

/* Every dispatch's bindings against its operator (alignment, overlap), before the first
   command runs: a refusal must not come after earlier commands printed or wrote. */
static dmlp_status check_dispatch_bindings(const dmlp__dx_model *model)
{
    for (size_t i = 0; i < model->command_count; i++) {
        const dmlp__dx_command *c = &model->commands[i];
        if (c->kind != DMLP__DX_DISPATCH)
            continue;
        dmlp_buffer_binding inputs[DMLP__MAX_INPUTS], output;
        fill_dispatch(model, c, inputs, &output);
        const dmlp_operator *op = model->dispatchables[c->index].op;
        const void *in[DMLP__MAX_INPUTS];
        void *out;
        dmlp_status s = dmlp__operator_check_bindings(op, dmlp__op_input_count(op->def), inputs,
                                                      1, &output, in, &out);
        if (s != DMLP_OK) {
            dmlp__error_prefix(c->path);
            return s;
        }
    }
    return DMLP_OK;
}

static dmlp_status run_dispatch(dmlp__dx_model *model, const dmlp__dx_command *c,
                                uint32_t iterations, FILE *out)
{
    dmlp__dx_dispatchable *d = &model->dispatchables[c->index];
    dmlp_buffer_binding inputs[DMLP__MAX_INPUTS], output;
    fill_dispatch(model, c, inputs, &output);
    uint32_t input_count = dmlp__op_input_count(d->def);
    double *times = malloc(iterations * sizeof *times);
    if (!times)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "%s: out of memory", c->path);
    for (uint32_t i = 0; i < iterations; i++) {
        double start = now_ms();
        dmlp_status s = dmlp_operator_execute(d->op, input_count, inputs, 1, &output);
        times[i] = now_ms() - start;
        if (s != DMLP_OK) {
            free(times);
            dmlp__error_prefix(c->path);
            return s;
        }
    }
    qsort(times, iterations, sizeof *times, compare_doubles);
    double median = iterations % 2 ? times[iterations / 2]
                                   : (times[iterations / 2 - 1] + times[iterations / 2]) / 2;
    free(times);
    if (out)
        fprintf(out, "Dispatch '%s': %u iterations, %.4f ms median (CPU)\n", d->name,
                iterations, median);
    return DMLP_OK;
}

/* A writeFile command: the resource as it is now, into a temporary file renamed with the
   others once every command has run. */
static dmlp_status run_write_file(const dmlp__dx_model *model, const dmlp__dx_command *c,
                                  dmlp__outputs *outputs, FILE *out)
{
    const dmlp__dx_resource *r = &model->resources[c->index];
    const char *path = c->target_path;
    size_t n = strlen(path);
    bool npy = n >= 4 && (path[n - 4] == '.') &&
               (path[n - 3] | 0x20) == 'n' && (path[n - 2] | 0x20) == 'p' &&
               (path[n - 1] | 0x20) == 'y';
    dmlp_status s = DMLP_OK;
    if (!model->no_files) {
        if (npy) {
            uint64_t whole = r->size / dmlp__type_size(r->type); /* 1-D over the buffer */
            s = c->has_dimensions
                    ? dmlp__npy_add_output(outputs, path, r->type, 0, c->dimension_count,
                                           c->dimensions, r->data)
                    : dmlp__npy_add_output(outputs, path, r->type, 0, 1, &whole, r->data);
        } else {
            dmlp__piece piece = {r->data, (size_t)r->size};
            s = dmlp__outputs_add(outputs, path, &piece, 1);
        }
        if (s != DMLP_OK) {
            char why[512];
            snprintf(why, sizeof why, "%s", dmlp_last_error());
            dmlp__error(s, "%s.targetPath: '%s': %s", c->path, path, why);
        }
    }
    if (s == DMLP_OK && out)
        fprintf(out, "Resource '%s' written to '%s'\n", r->name, path);
    return s;
}

/* Every writeFile target's folder exists and is writable, and no target is a file dmlp
   refuses to replace, before the first command runs. */
static dmlp_status check_targets(const dmlp__dx_model *model)
{
    if (model->no_files)
        return DMLP_OK;
    for (size_t i = 0; i < model->command_count; i++) {
        const dmlp__dx_command *c = &model->commands[i];
        if (c->kind != DMLP__DX_WRITE_FILE)
            continue;
        dmlp_status s = dmlp__output_check(c->target_path, model->confine);
        if (s != DMLP_OK) {
            char why[512];
            snprintf(why, sizeof why, "%s", dmlp_last_error());
            return dmlp__error(s, "%s.targetPath: '%s': %s", c->path, c->target_path, why);
        }
    }
    return DMLP_OK;
}

dmlp_status dmlp__dx_model_run(dmlp__dx_model *model, const dmlp__dx_run_options *options)
{
    static const dmlp__dx_run_options defaults;
    if (!options)
        options = &defaults;
    uint32_t iterations = options->iterations ? options->iterations : 1;
    dmlp_device *device = options->device;
    dmlp_status s = DMLP_OK;
    if (!device) {
        dmlp_device_desc desc = {options->feature_level, 0, 0};
        if ((s = dmlp_device_create(&desc, &device)) != DMLP_OK)
            return s;
    }
    /* dmlp's own operators (ACTIVATION_MISH ...) exist only on a device with the
       extensions: they get one of their own at the level, the others keep DirectML's
       rules (a device the caller gives serves them all) */
    dmlp_device *ext_device = NULL;
    uint64_t used = model->memory_used;
    for (size_t i = 0; i < model->dispatchable_count && s == DMLP_OK; i++)
        if (!model->dispatchables[i].op) {
            dmlp_device *on = device;
            const dmlp__op_def *def = model->dispatchables[i].def;
            if (!options->device && dmlp__operator_is_extension(def->type)) {
                dmlp_device_desc desc = {options->feature_level, 0, DMLP_DEVICE_FLAG_EXTENSIONS};
                if (!ext_device && (s = dmlp_device_create(&desc, &ext_device)) != DMLP_OK)
                    break;
                on = ext_device;
            }
            s = create_operator(on, &model->dispatchables[i]);
            if (s == DMLP_OK)
                s = take_owned_inputs(model, &model->dispatchables[i], &used);
        }
    if (s == DMLP_OK)
        s = check_dispatch_bindings(model);
    if (s == DMLP_OK)
        s = check_targets(model);
    /* the files of writeFile commands appear together when every command has run, or
       none of them if one fails */
    dmlp__outputs outputs;
    dmlp__outputs_init(&outputs, model->confine);
    bool announced = false; /* a writeFile command printed its line */
    for (size_t i = 0; i < model->command_count && s == DMLP_OK; i++) {
        const dmlp__dx_command *c = &model->commands[i];
        if (c->kind == DMLP__DX_DISPATCH) {
            s = run_dispatch(model, c, iterations, options->out);
        } else if (c->kind == DMLP__DX_PRINT) {
            if (options->out)
                dmlp__dx_print_values(options->out, &model->resources[c->index], c->verbose);
        } else {
            s = run_write_file(model, c, &outputs, options->out);
            announced |= s == DMLP_OK && options->out;
        }
    }
    if (s == DMLP_OK) {
        const char *failed = NULL;
        s = dmlp__outputs_commit(&outputs, &failed);
        if (s != DMLP_OK) {
            char why[512];
            snprintf(why, sizeof why, "%s", dmlp_last_error());
            dmlp__error(s, "writeFile '%s': %s",
                        failed ? failed : "?", why);
        }
    }
    dmlp__outputs_free(&outputs);
    /* DxDispatch prints "written" as each writeFile command runs, and so does this runner,
       but the files only appear once every command has run: a failure after such a line
       says that none was. */
    if (s != DMLP_OK && announced) {
        char why[512];
        snprintf(why, sizeof why, "%s", dmlp_last_error());
        dmlp__error(s, "%s; no writeFile target was written (the lines above that say so "
                       "announced files kept back until every command had run)", why);
    }
    /* operators belong to this run's device */
    for (size_t i = 0; i < model->dispatchable_count; i++) {
        dmlp_operator_destroy(model->dispatchables[i].op);
        model->dispatchables[i].op = NULL;
    }
    if (!options->device)
        dmlp_device_destroy(device);
    dmlp_device_destroy(ext_device);
    return s;
}
