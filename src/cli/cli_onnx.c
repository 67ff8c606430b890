#include "cli.h"

int dmlp_cli_onnx(int argc, char **argv)
{
    (void)argc;
    return dmlp_cli_fail(argv[0], "not built yet");
}

int dmlp_cli_onnx_test(int argc, char **argv)
{
    (void)argc;
    return dmlp_cli_fail(argv[0], "not built yet");
}

