/* The dmlp command's view of the kernels and the tuning (introspect.h). */
#include "core/introspect.h"

#include "core/catalogue.h"
#include "core/tune.h"
#include "kernels/kernels.h"

const char *dmlp__introspect_isa(void)
{
    return dmlp__isa_name(dmlp__isa_detect());
}

void dmlp__introspect_tune(void)
{
    dmlp__tune_streaming();
    dmlp__tune_softsign_recip(dmlp__isa_detect());
}

void dmlp__introspect_tune_describe(char *buf, size_t size)
{
    dmlp__tune_describe(buf, size);
}

bool dmlp__introspect_fusable(const dmlp__op_def *def, DML_OPERATOR_TYPE activation)
{
    return dmlp__catalogue_fusable(def, activation);
}

bool dmlp__introspect_bool_result(const dmlp__op_def *def)
{
    return def->output_type == DML_TENSOR_DATA_TYPE_UINT8 &&
           dmlp__catalogue_bool_result(def->type);
}
