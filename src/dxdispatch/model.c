/* The model's root: dispatchables, then resources, then commands (which refer to both),
   all parsed and checked before anything runs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "dx_internal.h"
#include "io/file.h"

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

/* The root member name, which must be of the given cJSON kind. */
static dmlp_status get_root_member(const cJSON *root, const char *name, bool array,
                                   const cJSON **member)
{
    *member = cJSON_GetObjectItemCaseSensitive(root, name);
    if (!*member)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, name, "missing");
    if (array ? !cJSON_IsArray(*member) : !cJSON_IsObject(*member))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, name, "must be %s",
                             array ? "an array" : "an object");
    return DMLP_OK;
}

/* Names within resources (and within dispatchables) must be unique. */
static dmlp_status check_unique(const cJSON *object, const char *section)
{
    for (const cJSON *a = object->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (strcmp(a->string, b->string) == 0) {
                char p[DMLP__DX_PATH_MAX];
                dmlp__dx_path_key(p, section, b->string);
                return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "the name appears twice");
            }
    return DMLP_OK;
}

static dmlp_status parse_sections(const dmlp__dx_parse_context *ctx, dmlp__dx_model *model)
{
    const cJSON *root = ctx->doc->root;
    const cJSON *resources, *dispatchables, *commands;
    if (!cJSON_IsObject(root))
        return dmlp__error(DMLP_ERROR_FORMAT, "the model must be a JSON object");
    dmlp_status s = get_root_member(root, "resources", false, &resources);
    if (s == DMLP_OK)
        s = get_root_member(root, "dispatchables", false, &dispatchables);
    if (s == DMLP_OK)
        s = get_root_member(root, "commands", true, &commands);
    if (s == DMLP_OK)
        s = check_unique(resources, "resources");
    if (s == DMLP_OK)
        s = check_unique(dispatchables, "dispatchables");
    if (s != DMLP_OK)
        return s;

    size_t n = (size_t)cJSON_GetArraySize(resources);
    model->resources = calloc(n + 1, sizeof *model->resources);
    size_t m = (size_t)cJSON_GetArraySize(dispatchables);
    model->dispatchables = calloc(m + 1, sizeof *model->dispatchables);
    size_t c = (size_t)cJSON_GetArraySize(commands);
    model->commands = calloc(c + 1, sizeof *model->commands);
    if (!model->resources || !model->dispatchables || !model->commands)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");

    const cJSON *item;
    /* Dispatchables first: a model that uses an operator (or an HLSL, ONNX or serialized
       graph dispatchable) dmlp lacks is refused by that name, before its resources are
       read (some of which, such as deferred ones, only such dispatchables use). */
    cJSON_ArrayForEach(item, dispatchables)
    {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_dispatchable *d = &model->dispatchables[model->dispatchable_count++];
        dmlp__dx_path_key(p, "dispatchables", item->string);
        if (!(d->name = copy_string(item->string)))
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
        if ((s = dmlp__dx_parse_dispatchable(ctx, item, p, d)) != DMLP_OK)
            return s;
    }
    cJSON_ArrayForEach(item, resources)
    {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_resource *r = &model->resources[model->resource_count++];
        dmlp__dx_path_key(p, "resources", item->string);
        if (!(r->name = copy_string(item->string)))
            return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
        if ((s = dmlp__dx_parse_resource(ctx, item, p, r)) != DMLP_OK)
            return s;
    }
    for (size_t i = 0; i < model->dispatchable_count; i++) {
        char p[DMLP__DX_PATH_MAX];
        dmlp__dx_path_key(p, "dispatchables", model->dispatchables[i].name);
        if ((s = dmlp__dx_parse_init_bindings(ctx, model, p, &model->dispatchables[i])))
            return s;
    }
    cJSON_ArrayForEach(item, commands)
    {
        dmlp__dx_command *command = &model->commands[model->command_count];
        s = dmlp__dx_parse_command(ctx, model, item, model->command_count, command);
        model->command_count++;
        if (s != DMLP_OK)
            return s;
    }
    return DMLP_OK;
}

dmlp_status dmlp__dx_model_parse(const char *text, size_t size,
                                 const dmlp__dx_parse_options *options,
                                 dmlp__dx_model **model)
{
    static const dmlp__dx_parse_options defaults;
    dmlp__dx_json doc;
    *model = NULL;
    if (!text && size)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "no model text");
    dmlp_status s = dmlp__dx_json_parse(text ? text : "", size, &doc);
    if (s != DMLP_OK)
        return s;
    /* Before any section is read: a lookup would take the first of two members. */
    if ((s = dmlp__dx_json_check_names(doc.root)) != DMLP_OK) {
        dmlp__dx_json_free(&doc);
        return s;
    }
    dmlp__dx_model *result = calloc(1, sizeof *result);
    if (!result) {
        dmlp__dx_json_free(&doc);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    }
    uint64_t memory_used = doc.memory; /* the buffers come on top of the document */
    dmlp__dx_parse_context ctx = {&doc, options ? options : &defaults,
                                  options && options->base_dir ? options->base_dir : NULL,
                                  &memory_used, 0};
    result->no_files = ctx.options->no_files != 0;
    result->confine = ctx.options->confine;
    s = parse_sections(&ctx, result);
    result->memory_used = memory_used - doc.memory;
    dmlp__dx_json_free(&doc);
    if (s != DMLP_OK) {
        dmlp__dx_model_free(result);
        return s;
    }
    *model = result;
    return DMLP_OK;
}

dmlp_status dmlp__dx_model_load(const char *path, dmlp__dx_model **model)
{
    return dmlp__dx_model_load_confined(path, NULL, model);
}

dmlp_status dmlp__dx_model_load_confined(const char *path, const dmlp__confine *confine,
                                         dmlp__dx_model **model)
{
    *model = NULL;
    unsigned char *bytes = NULL;
    size_t n = 0;
    dmlp_status read = dmlp__read_file_at_most(path, DMLP__DX_MAX_DOCUMENT,
                                               "a DxDispatch JSON document", &bytes, &n);
    if (read != DMLP_OK)
        return read;
    char *text = (char *)bytes;
    /* sourcePaths are looked up beside the model first */
    char *dir = copy_string(path);
    if (!dir) {
        free(text);
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    }
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir ? 1 : 0] = '\0';
    else
        strcpy(dir, ".");
    dmlp__dx_parse_options options = {dir, 0, 0, confine};
    dmlp_status s = dmlp__dx_model_parse(text, n, &options, model);
    free(dir);
    free(text);
    return s;
}

void dmlp__dx_model_free(dmlp__dx_model *model)
{
    if (!model)
        return;
    for (size_t i = 0; i < model->resource_count; i++) {
        free(model->resources[i].name);
        free(model->resources[i].data);
    }
    for (size_t i = 0; i < model->dispatchable_count; i++) {
        dmlp__dx_dispatchable *d = &model->dispatchables[i];
        dmlp_operator_destroy(d->op);
        for (size_t k = 0; k < DMLP__MAX_INPUTS; k++)
            dmlp__dx_tensor_free(&d->inputs[k]);
        dmlp__dx_tensor_free(&d->output);
        for (size_t k = 0; k < DMLP__MAX_INPUTS; k++)
            free(d->owned_data[k]);
        free(d->name);
    }
    for (size_t i = 0; i < model->command_count; i++) {
        free(model->commands[i].target_path);
        free(model->commands[i].dimensions);
    }
    free(model->resources);
    free(model->dispatchables);
    free(model->commands);
    free(model);
}

size_t dmlp__dx_model_resource_count(const dmlp__dx_model *model)
{
    return model->resource_count;
}

dmlp__dx_resource_view dmlp__dx_model_resource(const dmlp__dx_model *model, size_t i)
{
    const dmlp__dx_resource *r = &model->resources[i];
    dmlp__dx_resource_view view = {r->name, r->type, r->size, r->data};
    return view;
}
