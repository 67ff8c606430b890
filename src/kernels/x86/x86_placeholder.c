typedef int dmlp__placeholder_x86; /* being written */
