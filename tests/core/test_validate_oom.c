/* test_validate_oom — an output whose axes interleave is proved one-to-one with a list of
   offsets (up to 4 MiB); when that memory cannot be had, dmlp_operator_create reports
   OUT_OF_MEMORY, not a refusal of the layout. And a 16-bit kernel whose table of results
   (128 KiB, allocated on first use) cannot be had runs the reference instead: the same
   bytes. The address-space limit (RLIMIT_AS) makes the allocations fail; sanitizers
   reserve address space of their own, so under them the test is skipped, and so it is
   where the limit does not bind (qemu-user accepts RLIMIT_AS but does not enforce it on
   the emulated program). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmlp.h"
#include "test_util.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                  \
    __has_feature(memory_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif

#ifndef UNDER_SANITIZER
/* The process's address-space size in bytes, from /proc/self/statm; 0 if unknown. */
static unsigned long long address_space(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long pages = 0;
    if (!f)
        return 0;
    if (fscanf(f, "%llu", &pages) != 1)
        pages = 0;
    fclose(f);
    return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}
#endif

#ifndef UNDER_SANITIZER
/* float16 Exp over all 65,536 inputs on a one-thread device. The first run in a process
   makes Exp's table. */
typedef struct exp_run {
    dmlp_device *device;
    dmlp_operator *op;
} exp_run;

static uint16_t all_f16[65536];

static int exp_prepare(exp_run *r)
{
    for (uint32_t i = 0; i < 65536; i++)
        all_f16[i] = (uint16_t)i;
    uint32_t sizes[1] = {65536};
    DML_BUFFER_TENSOR_DESC t = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_FLAG_NONE, 1, sizes,
                                NULL, sizeof all_f16, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &t};
    DML_ELEMENT_WISE_EXP_OPERATOR_DESC exp_desc = {&tensor, &tensor, NULL};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_EXP, &exp_desc};
    dmlp_device_desc device_desc = {(DML_FEATURE_LEVEL)0, 1, 0};
    r->device = NULL;
    r->op = NULL;
    if (dmlp_device_create(&device_desc, &r->device) != DMLP_OK)
        return -1;
    return dmlp_operator_create(r->device, &desc, 0, &r->op) == DMLP_OK ? 0 : -1;
}

static int exp_execute(exp_run *r, uint16_t *out)
{
    dmlp_buffer_binding a = {all_f16, 0, sizeof all_f16}, b = {out, 0, sizeof all_f16};
    return dmlp_operator_execute(r->op, 1, &a, 1, &b) == DMLP_OK ? 0 : -1;
}

static void exp_finish(exp_run *r)
{
    dmlp_operator_destroy(r->op);
    dmlp_device_destroy(r->device);
}

/* In a child process whose memory cannot grow (the limit at what it uses, then the free
   memory already held taken in 4 KiB blocks), Exp's table cannot be allocated: the
   kernel must run the reference, and give the bytes this process gets from the table. */
static void table_out_of_memory(void)
{
    size_t bytes = sizeof all_f16;
    uint16_t *shared = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                            -1, 0);
    CHECK(shared != MAP_FAILED, "mmap");
    if (shared == MAP_FAILED)
        return;
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        exp_run r;
        struct rlimit tight;
        if (exp_prepare(&r) != 0 || getrlimit(RLIMIT_AS, &tight) != 0)
            _exit(3);
        unsigned long long used = address_space();
        if (used == 0) /* unknown: no limit to set */
            _exit(77);
        tight.rlim_cur = (rlim_t)used;
        if (setrlimit(RLIMIT_AS, &tight) != 0)
            _exit(3);
        while (malloc(4096)) /* held until the child exits */
            ;
        if (malloc(bytes)) /* the limit does not bind here */
            _exit(77);
        _exit(exp_execute(&r, shared) == 0 ? 0 : 4);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child, "fork or wait");
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == 77) {
        printf("test_validate_oom: no binding RLIMIT_AS for the table, skipped\n");
    } else {
        CHECK(code == 0, "the child without memory for the table: exit %d", code);
        static uint16_t want[65536];
        exp_run r;
        CHECK(exp_prepare(&r) == 0 && exp_execute(&r, want) == 0, "Exp with its table");
        exp_finish(&r);
        size_t differ = 0;
        for (uint32_t i = 0; i < 65536; i++)
            differ += want[i] != shared[i];
        CHECK(differ == 0, "%zu of 65,536 float16 Exp results differ without the table",
              differ);
    }
    munmap(shared, bytes);
}
#endif

int main(void)
{
#ifdef UNDER_SANITIZER
    return TEST_SKIP;
#else
    dmlp_device *device = NULL;
    dmlp_device_desc device_desc = {(DML_FEATURE_LEVEL)0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&device_desc, &device), DMLP_OK);
    if (!device)
        return test_finish("test_validate_oom");

    /* strides 1, 512, 2^18 - 1 over sizes 512, 512, 2048: no two axes collide, so the
       2^18 offsets of the two short axes are listed (4 MiB). They do collide as three
       (511 + 511 * 512 == 2^18 - 1): with memory the layout is refused as such. */
    uint32_t sizes[3] = {2048, 512, 512}, strides[3] = {(1u << 18) - 1, 512, 1};
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 3, sizes,
                                 NULL, UINT64_C(1) << 29, 0};
    DML_BUFFER_TENSOR_DESC out = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 3, sizes,
                                  strides, UINT64_C(1) << 40, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign = {&in_tensor, &out_tensor};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_SIGN, &sign};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "two elements get the same address");

    struct rlimit saved;
    unsigned long long used = address_space();
    CHECK(getrlimit(RLIMIT_AS, &saved) == 0 && used > 0, "cannot read the limits");
    struct rlimit tight = saved;
    tight.rlim_cur = (rlim_t)(used + (1u << 20)); /* 1 MiB more than now */
    if (used == 0 || (saved.rlim_cur != RLIM_INFINITY && saved.rlim_cur < tight.rlim_cur) ||
        setrlimit(RLIMIT_AS, &tight) != 0) {
        dmlp_device_destroy(device);
        return TEST_SKIP;
    }
    /* The limit must bind: 64 MiB is far past it (volatile: the call must happen). */
    void *volatile probe = malloc((size_t)64 << 20);
    if (probe) {
        free(probe);
        setrlimit(RLIMIT_AS, &saved);
        dmlp_device_destroy(device);
        printf("test_validate_oom: RLIMIT_AS does not bind here (emulated?), skipped\n");
        return TEST_SKIP;
    }
    dmlp_status status = dmlp_operator_create(device, &desc, 0, &op);
    setrlimit(RLIMIT_AS, &saved);
    CHECK_STATUS(status, DMLP_ERROR_OUT_OF_MEMORY);
    CHECK_CONTAINS(dmlp_last_error(),
                   "ELEMENT_WISE_SIGN: OutputTensor.Strides is {262143, 512, 1}; out of memory");
    CHECK(op == NULL, "a failed create wrote *op");
    dmlp_device_destroy(device);
    table_out_of_memory();
    return test_finish("test_validate_oom");
#endif
}
