typedef int dmlp__placeholder_validate; /* being written */
