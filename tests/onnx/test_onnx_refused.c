/* test_onnx_refused: every model gen_cases.py wrote under refused/ must be refused at load
   time, from a file and from memory, with each message fragment its manifest names.
   The folder comes from DMLP_ONNX_REFUSED_DIR (set by ctest). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "dmlp_onnx.h"
#include "test_util.h"

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, used = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        used += fread(buf + used, 1, cap - used, f);
        if (used < cap)
            break;
        unsigned char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    *size = used;
    return buf;
}

static void check_fragments(const char *name, const char *message, char *fragments)
{
    for (char *frag = strtok(fragments, "|"); frag; frag = strtok(NULL, "|")) {
        if (strstr(message, frag))
            test_checks_passed_++;
        else
            TEST_FAIL_("%s: \"%s\" does not contain \"%s\"", name, message, frag);
    }
}

int main(void)
{
    const char *dir = getenv("DMLP_ONNX_REFUSED_DIR");
    if (!dir) {
        fprintf(stderr, "DMLP_ONNX_REFUSED_DIR is not set\n");
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.txt", dir);
    FILE *manifest = fopen(path, "r");
    CHECK(manifest != NULL, "cannot open %s", path);
    if (!manifest)
        return test_finish("test_onnx_refused");
    char line[2048];
    unsigned models = 0;
    while (fgets(line, sizeof line, manifest)) {
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = '\0';
        const char *name = line;
        snprintf(path, sizeof path, "%s/%s.onnx", dir, name);
        models++;

        dmlp_onnx_model *model = NULL;
        dmlp_status st = dmlp_onnx_model_load_file(path, NULL, &model);
        CHECK(st != DMLP_OK && model == NULL, "%s was not refused", name);
        const char *message = dmlp_last_error();
        CHECK(strstr(message, path) == message, "%s: message does not start with the path: %s",
              name, message);
        char copy[2048];
        snprintf(copy, sizeof copy, "%s", tab + 1);
        check_fragments(name, message, copy);
        dmlp_onnx_model_free(model);

        size_t size = 0;
        unsigned char *bytes = read_all(path, &size);
        CHECK(bytes != NULL, "%s: cannot read", name);
        model = NULL;
        dmlp_status st2 = dmlp_onnx_model_load_memory(bytes, size, NULL, &model);
        CHECK(st2 == st && model == NULL, "%s: from memory gave %s, from the file %s", name,
              dmlp_status_string(st2), dmlp_status_string(st));
        CHECK_CONTAINS(dmlp_last_error(), "<memory>: ");
        snprintf(copy, sizeof copy, "%s", tab + 1);
        check_fragments(name, dmlp_last_error(), copy);
        dmlp_onnx_model_free(model);
        free(bytes);
    }
    fclose(manifest);
    CHECK(models >= 30, "only %u refused models in the manifest", models);
    printf("test_onnx_refused: %u models refused\n", models);
    return test_finish("test_onnx_refused");
}
