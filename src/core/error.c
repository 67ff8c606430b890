typedef int dmlp__placeholder_error; /* being written */
