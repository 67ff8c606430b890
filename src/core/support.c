typedef int dmlp__placeholder_support; /* being written */
