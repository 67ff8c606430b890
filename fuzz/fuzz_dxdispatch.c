/* libFuzzer target: arbitrary bytes as a DxDispatch model, parsed from memory (no file
   reads, writeFile writes nothing, buffers capped at 1 MiB) and, when accepted, run with
   output discarded. One device for the whole session. */
#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"
#include "dxdispatch/dxdispatch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static dmlp_device *device;
    if (!device) {
        dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, 1, 0};
        if (dmlp_device_create(&desc, &device) != DMLP_OK)
            return 0;
    }
    dmlp__dx_parse_options options = {NULL, 1, 1u << 20, NULL};
    dmlp__dx_model *model = NULL;
    if (dmlp__dx_model_parse((const char *)data, size, &options, &model) == DMLP_OK) {
        dmlp__dx_run_options run = {device, (DML_FEATURE_LEVEL)0, 1, NULL};
        (void)dmlp__dx_model_run(model, &run);
    }
    dmlp__dx_model_free(model);
    return 0;
}
