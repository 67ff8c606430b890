typedef int dmlp__placeholder_execute; /* being written */
