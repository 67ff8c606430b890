/* test_optional_input: an input DirectML marks _Maybenull_ (registry.h's field.optional,
   DMLP_FIELD_OPTIONAL in an operator file; QuantizeLinear's ZeroPointTensor), before any
   operator has one: ELEMENT_WISE_IF's row copied with BTensor made optional, validated
   with dmlp__validate_operator_as. A NULL BTensor is then absent (info.absent), a NULL
   required input is still refused; the descriptor is built with the member NULL; the
   bindings take no buffer for it (one is refused, naming the input); the N-input plan
   hands its kernel a NULL pointer for it. */
#include <stdint.h>
#include <string.h>

#include "core/operator.h"
#include "core/plan_nary.h"
#include "core/registry.h"
#include "core/validate.h"
#include "dmlp.h"
#include "test_util.h"

static const void *seen[DMLP__MAX_INPUTS];
static size_t seen_n;

/* A kernel that records what it was given and writes a's bytes. */
static void recording_kernel(size_t n, const void *const *in, void *out, uint32_t scalar,
                             const dmlp__kernel_args *args)
{
    (void)scalar;
    (void)args;
    for (uint32_t k = 0; k < 3; k++)
        seen[k] = in[k];
    seen_n += n;
    memcpy(out, in[1], n * 4);
}

int main(void)
{
    dmlp__op_def def = *dmlp__op_find(DML_OPERATOR_ELEMENT_WISE_IF);
    CHECK(def.fields[2].kind == DMLP__FIELD_INPUT && !def.fields[2].optional, "BTensor");
    def.fields[2].optional = true;

    uint32_t sizes[2] = {3, 5};
    DML_BUFFER_TENSOR_DESC cb = {DML_TENSOR_DATA_TYPE_UINT8, 0, 2, sizes, NULL, 16, 0};
    DML_BUFFER_TENSOR_DESC fb = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, sizes, NULL, 60, 0};
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS] = {&cb, &fb, NULL};
    dmlp__desc_storage storage;
    const DML_OPERATOR_DESC *desc = dmlp__desc_build_inputs(&storage, &def, inputs, &fb, NULL);
    DML_ELEMENT_WISE_IF_OPERATOR_DESC d;
    memcpy(&d, desc->Desc, sizeof d);
    CHECK(d.ConditionTensor && d.ATensor && !d.BTensor && d.OutputTensor,
          "desc_build leaves the optional member NULL");

    dmlp__op_info info;
    CHECK(dmlp__validate_operator_as(&def, 0, 0, desc, 0, &info) == DMLP_OK,
          "a NULL optional input is accepted: %s", dmlp_last_error());
    CHECK(info.input_count == 3 && info.absent == 4u && info.main_input == 1,
          "absent: bit 2 (input_count %u, absent 0x%x)", info.input_count, info.absent);
    /* the registry's own row still refuses it, and a NULL required input stays refused */
    CHECK(dmlp__validate_operator(0, 0, desc, 0, &info) == DMLP_ERROR_INVALID_ARGUMENT,
          "the registry's If needs BTensor");
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_IF: BTensor is NULL");
    d.ATensor = NULL;
    DML_OPERATOR_DESC no_a = {DML_OPERATOR_ELEMENT_WISE_IF, &d};
    CHECK(dmlp__validate_operator_as(&def, 0, 0, &no_a, 0, &info) ==
              DMLP_ERROR_INVALID_ARGUMENT,
          "ATensor is not optional");
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_IF: ATensor is NULL");
    CHECK(dmlp__validate_operator_as(&def, 0, 0, desc, 0, &info) == DMLP_OK, "again");

    /* bindings: no buffer for the absent input */
    dmlp_operator op;
    memset(&op, 0, sizeof op);
    op.def = &def;
    op.name = def.name;
    op.info = info;
    unsigned char cond[16] = {1, 0, 1};
    float a[15], out[15];
    for (int i = 0; i < 15; i++)
        a[i] = (float)i;
    dmlp_buffer_binding in[3] = {{cond, 0, 16}, {a, 0, 60}, {NULL, 0, 0}};
    dmlp_buffer_binding o = {out, 0, 60};
    const void *first[DMLP__MAX_INPUTS];
    void *out_first;
    CHECK(dmlp__operator_check_bindings(&op, 3, in, 1, &o, first, &out_first) == DMLP_OK,
          "no buffer for the absent input: %s", dmlp_last_error());
    CHECK(first[0] == cond && first[1] == a && first[2] == NULL && out_first == out,
          "the absent input's first byte is NULL");
    in[2] = (dmlp_buffer_binding){a, 0, 60};
    CHECK(dmlp__operator_check_bindings(&op, 3, in, 1, &o, first, &out_first) ==
              DMLP_ERROR_INVALID_ARGUMENT,
          "a buffer for the absent input is refused");
    CHECK_CONTAINS(dmlp_last_error(),
                   "ELEMENT_WISE_IF: inputs[2].buffer (BTensor) is set; the descriptor's "
                   "BTensor is NULL, so its binding must have no buffer");

    /* the N-input plan: the kernel sees NULL for it */
    dmlp__nary_plan plan;
    CHECK(dmlp__nary_plan_build(&info, def.name, &plan) == DMLP_OK, "plan: %s",
          dmlp_last_error());
    plan.kernel = recording_kernel;
    const void *run_in[3] = {cond, a, NULL};
    dmlp__nary_plan_run(&plan, NULL, run_in, out);
    CHECK(seen[0] == cond && seen[1] == a && seen[2] == NULL && seen_n == 15,
          "the kernel got the condition, a and NULL over 15 elements");
    CHECK(memcmp(out, a, sizeof a) == 0, "the recording kernel's output");
    return test_finish("test_optional_input");
}
