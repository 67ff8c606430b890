/* Internal: what an operator holds: its own copy of the validated descriptor, its plan
   and the facts execute checks bindings against. Read-only after create, so any number
   of executes may share it. */
#ifndef DMLP_CORE_OPERATOR_H
#define DMLP_CORE_OPERATOR_H

#include <stdbool.h>

#include "core/device.h"
#include "core/plan.h"
#include "core/validate.h"
#include "dmlp.h"

struct dmlp_operator {
    dmlp_device *device;
    const char *name;   /* "ELEMENT_WISE_SIGN" ... for messages */
    dmlp__op_info info;
    dmlp__plan plan;
    bool in_place_ok;   /* output may be bound exactly onto the input */
};

#endif
