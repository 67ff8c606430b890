/* A name that appears twice in one JSON object. JSON (RFC 8259) says names should be
   unique, and a reader cannot know which one the writer meant; cJSON keeps both members
   and its lookups silently take the first, so the model is refused instead. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "dx_internal.h"

/* Objects with more members than this are checked by sorting, not pair by pair. */
#define PAIRWISE_MAX 16

static int compare_names(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    return strcmp(x->string, y->string);
}

/* A member of object whose name an earlier member has, or NULL. */
static dmlp_status find_twice(const cJSON *object, const cJSON **twice)
{
    *twice = NULL;
    size_t n = 0;
    for (const cJSON *m = object->child; m; m = m->next)
        n++;
    if (n <= PAIRWISE_MAX) {
        for (const cJSON *b = object->child; b && !*twice; b = b->next)
            for (const cJSON *a = object->child; a != b && !*twice; a = a->next)
                if (a->string && b->string && strcmp(a->string, b->string) == 0)
                    *twice = b;
        return DMLP_OK;
    }
    const cJSON **members = malloc(n * sizeof *members);
    if (!members)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    size_t k = 0;
    for (const cJSON *m = object->child; m; m = m->next)
        if (m->string)
            members[k++] = m;
    qsort(members, k, sizeof *members, compare_names);
    for (size_t i = 1; i < k && !*twice; i++)
        if (strcmp(members[i - 1]->string, members[i]->string) == 0)
            *twice = members[i];
    free(members);
    return DMLP_OK;
}

/* The path of chain[depth] below the root, in the refusals' notation. */
static void chain_path(char *out, const cJSON *const *chain, size_t depth)
{
    out[0] = '\0';
    for (size_t d = 1; d <= depth; d++) {
        char parent[DMLP__DX_PATH_MAX];
        memcpy(parent, out, DMLP__DX_PATH_MAX);
        if (cJSON_IsArray(chain[d - 1])) {
            size_t index = 0;
            for (const cJSON *m = chain[d - 1]->child; m && m != chain[d]; m = m->next)
                index++;
            dmlp__dx_path_index(out, parent, index);
        } else {
            dmlp__dx_path_key(out, parent, chain[d]->string ? chain[d]->string : "");
        }
    }
}

/* The refusal for a name twice in chain[depth], an object. */
static dmlp_status refuse_twice(const cJSON *const *chain, size_t depth, const cJSON *twice)
{
    char object[DMLP__DX_PATH_MAX], path[DMLP__DX_PATH_MAX];
    chain_path(object, chain, depth);
    dmlp__dx_path_key(path, object, twice->string);
    return dmlp__dx_fail(DMLP_ERROR_FORMAT, path,
                         "the name appears twice in %s%s; a name may appear only once in a "
                         "JSON object",
                         depth ? "" : "the model's root object", object);
}

dmlp_status dmlp__dx_json_check_names(const cJSON *root)
{
    /* Depth first without recursion (a deep document must not need a deep stack):
       chain[0..depth] are the current item's ancestors and itself. cJSON refuses
       containers nested deeper than its limit, so a leaf is at most one more. */
    const size_t room = CJSON_NESTING_LIMIT + 2;
    const cJSON **chain = malloc(room * sizeof *chain);
    if (!chain)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    dmlp_status s = DMLP_OK;
    size_t depth = 0;
    chain[0] = root;
    while (s == DMLP_OK) {
        const cJSON *item = chain[depth];
        if (cJSON_IsObject(item)) {
            const cJSON *twice;
            s = find_twice(item, &twice);
            if (s == DMLP_OK && twice)
                s = refuse_twice(chain, depth, twice);
            if (s != DMLP_OK)
                break;
        }
        if ((cJSON_IsObject(item) || cJSON_IsArray(item)) && item->child && depth + 1 < room) {
            chain[++depth] = item->child;
            continue;
        }
        while (depth > 0 && !chain[depth]->next)
            depth--;
        if (depth == 0)
            break;
        chain[depth] = chain[depth]->next;
    }
    free(chain);
    return s;
}
