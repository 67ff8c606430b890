typedef int dmlp__placeholder_plan; /* being written */
