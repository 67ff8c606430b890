/* One fuzz_descriptor input per registered operator, found by trying them through the
   target itself: a device at 6_4 with the extensions, the operator, a 4x3 tensor of each
   data type in turn, the output of the type the registry's rule gives, FLOAT and scalar
   members 0 or 1, every input and the output bound apart in a 4 KiB arena. The first
   input that creates and executes the operator is its seed; failing that, the first that
   creates it; failing that, the operator's first refused input. Only an operator whose
   inputs have types of their own (QuantizeLinear's scale and zero point) may stay
   refused: the target binds every input to one tensor of one type, so its seed reaches
   the operator's validation only.

   descriptor_seeds                 prints each operator and what its seed does; fails
                                    when another operator has none that creates it
   descriptor_seeds --check DIR     also fails when DIR lacks an operator's seed or holds
                                    other bytes (the kept corpus has fallen behind)
   descriptor_seeds --write DIR     writes DIR/op_<dmlp run name>, one file per operator */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/support.h"
#include "fuzz_descriptor.h"

/* The seed's bytes, in the order fuzz_descriptor.c reads them. */
typedef struct seed {
    uint8_t bytes[128];
    size_t size;
} seed;

static void put(seed *s, uint8_t b)
{
    if (s->size < sizeof s->bytes)
        s->bytes[s->size++] = b;
}

static void put32(seed *s, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        put(s, (uint8_t)(v >> (8 * i)));
}

/* type: an index into fuzz_descriptor.c's data_types; one: FLOAT members 1.0f and
   scalar members 1 instead of 0. */
static seed make_seed(uint8_t type, int one, const dmlp__op_def *def)
{
    seed s = {{0}, 0};
    put(&s, 0x80 | 14); /* the extensions flag, levels[14] = 6_4, one thread */
    put(&s, 0xFF);      /* the operator by its number, not its place in the table: */
    put32(&s, (uint32_t)def->type); /* a new operator leaves the other seeds as they are */
    put(&s, 0);         /* mode 0: EITHER, HALVES_TO_NEAREST_EVEN */
    put(&s, 0);         /* no execution flags */
    /* input: 2-D, packed, sizes 4 and 3, the exact TotalTensorSizeInBytes, no alignment */
    put(&s, 0x02);
    put(&s, type);
    put(&s, 0x63);
    put(&s, 0x62);
    put(&s, 0);
    put(&s, 0);
    /* output: the input's sizes, the type of the registry's rule, its size recomputed */
    put(&s, 0x06);
    put(&s, 0x80);
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    for (uint32_t i = 0; i < def->field_count; i++) {
        if (def->fields[i].kind == DMLP__FIELD_FLOAT) {
            put32(&s, one ? 0x3F800000u : 0);
        } else if (def->fields[i].kind == DMLP__FIELD_SCALAR) { /* high word, then low */
            put32(&s, 0);
            put32(&s, one ? 1u : 0);
        } else if (def->fields[i].kind == DMLP__FIELD_AXIS_COUNT) {
            put(&s, one ? 2 : 1);
        } else if (def->fields[i].kind == DMLP__FIELD_AXES) { /* {1} or {1, 0}, then set */
            put(&s, 1);
            for (int k = 1; k < 8; k++)
                put(&s, 0);
            put(&s, 1);
        }
    }
    put(&s, 3);                   /* a 4 KiB arena */
    put32(&s, 0x9E3779B9u);       /* its fill: a seed, then a rate of special bytes */
    put32(&s, 0x7F4A7C15u);
    put(&s, 2);
    put(&s, 0);                   /* the inputs at offset 0, exactly their size */
    put32(&s, 0);
    put(&s, 0);                   /* the output bound apart: at offset 2048 */
    put(&s, 0);
    put32(&s, 2048);
    put(&s, 0);                   /* the operator's own input and output counts */
    return s;
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    int write = 0;
    if (argc == 3 && (strcmp(argv[1], "--check") == 0 || strcmp(argv[1], "--write") == 0)) {
        dir = argv[2];
        write = strcmp(argv[1], "--write") == 0;
    } else if (argc != 1) {
        fprintf(stderr, "usage: descriptor_seeds [--check DIR | --write DIR]\n");
        return 2;
    }
    uint32_t count = dmlp__op_count(), bad = 0, executes = 0, creates = 0, validation = 0;
    for (uint32_t i = 0; i < count; i++) {
        const dmlp__op_def *def = dmlp__op_at(i);
        seed best = {{0}, 0};
        int rank = 0; /* 1 reached, 2 created, 3 executed */
        for (uint8_t type = 0; type < 16 && rank < 3; type++) {
            for (int one = 0; one < 2 && rank < 3; one++) {
                seed s = make_seed(type, one, def);
                LLVMFuzzerTestOneInput(s.bytes, s.size);
                const fuzz_descriptor_outcome *o = &fuzz_descriptor_last;
                int got = o->op != def->type ? 0 : o->executed ? 3 : o->created ? 2 : 1;
                if (got > rank) {
                    rank = got;
                    best = s;
                }
            }
        }
        int own_types = 0;
        for (uint32_t k = 0; k < dmlp__op_input_count(def); k++)
            own_types |= dmlp__operator_input_own_types(def->type, k);
        static const char *const what[] = {"NOT REACHED", "refused (validation only)",
                                           "creates", "creates and executes"};
        printf("%-24s %s%s\n", def->cli_name, what[rank],
               rank == 1 && own_types ? ": inputs of types of their own" : "");
        executes += rank == 3;
        creates += rank == 2;
        validation += rank == 1 && own_types;
        if (rank < 2 && !(rank == 1 && own_types)) {
            fprintf(stderr, "descriptor_seeds: no input creates %s\n", def->name);
            bad++;
        }
        if (!dir || rank == 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/op_%s", dir, def->cli_name);
        if (write) {
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(best.bytes, 1, best.size, f) != best.size || fclose(f) != 0) {
                fprintf(stderr, "descriptor_seeds: cannot write %s\n", path);
                return 1;
            }
            continue;
        }
        uint8_t kept[sizeof best.bytes + 1];
        FILE *f = fopen(path, "rb");
        size_t n = f ? fread(kept, 1, sizeof kept, f) : 0;
        if (f)
            fclose(f);
        if (!f || n != best.size || memcmp(kept, best.bytes, n) != 0) {
            fprintf(stderr, "descriptor_seeds: %s is %s; run make fuzz-seeds\n", path,
                        f ? "not the generated seed" : "missing");
            bad++;
        }
    }
    printf("descriptor_seeds: %u operators: %u create and execute, %u create only, %u reach "
           "validation only, %u wrong\n",
           count, executes, creates, validation, bad);
    return bad ? 1 : 0;
}
