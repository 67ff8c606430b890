typedef int dmlp__placeholder_operator; /* being written */
