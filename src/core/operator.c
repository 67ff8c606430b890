/* dmlp_operator_create / dmlp_operator_destroy: validate, copy, plan. */
#include "core/operator.h"

#include <stdlib.h>

#include "core/error.h"
#include "core/graph.h"
#include "core/registry.h"

/* Same bytes for every element: same type, sizes and strides wherever a size is > 1. */
static bool same_layout(const dmlp__tensor *a, const dmlp__tensor *b)
{
    if (a->type != b->type || a->dim_count != b->dim_count || a->total_bytes != b->total_bytes)
        return false;
    for (uint32_t d = 0; d < a->dim_count; d++) {
        if (a->sizes[d] != b->sizes[d])
            return false;
        if (a->sizes[d] > 1 && a->strides[d] != b->strides[d])
            return false;
    }
    return true;
}

dmlp_status dmlp_operator_create(dmlp_device *device, const DML_OPERATOR_DESC *desc,
                                 uint32_t execution_flags, dmlp_operator **op)
{
    if (!device)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_operator_create: device is NULL; it must be a device from "
                           "dmlp_device_create");
    if (!op)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_operator_create: op is NULL; it must point to a "
                           "dmlp_operator * to receive the operator");
    dmlp__op_info info;
    dmlp_status status = dmlp__validate_operator(device->feature_level, device->flags, desc,
                                                 execution_flags, &info);
    if (status != DMLP_OK)
        return status;

    dmlp_operator *o = calloc(1, sizeof *o);
    if (!o)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                           "dmlp_operator_create: out of memory for the operator");
    o->device = device;
    o->info = info;
    o->def = dmlp__op_find(info.type); /* validated: a registry row */
    o->name = o->def->name;
    status = info.row_axes          ? dmlp__rows_plan_build(&o->info, o->name, &o->rows)
             : info.input_count > 2    ? dmlp__nary_plan_build(&o->info, o->name, &o->nary)
             : info.input_count == 2 ? dmlp__binary_plan_build(&o->info, o->name, &o->binary)
                                     : dmlp__plan_build(&o->info, o->name, &o->plan);
    if (status != DMLP_OK) {
        free(o);
        return status;
    }
    for (uint32_t i = 0; i < info.input_count; i++)
        o->in_place_ok[i] = o->def->in_place && !(info.absent >> i & 1u) &&
                            same_layout(&info.inputs[i], &info.output);
    *op = o;
    return DMLP_OK;
}

void dmlp_operator_destroy(dmlp_operator *op)
{
    if (op && op->graph)
        dmlp__graph_free(op->graph);
    free(op);
}
