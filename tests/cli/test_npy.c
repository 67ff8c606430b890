/* test_npy: the .npy reader and writer (src/io/npy.h). Good files of every dtype, format
   version and order are built here byte by byte; every malformed variant must be refused
   with a status and a message, never a crash. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmlp.h"
#include "io/budget.h"
#include "io/npy.h"
#include "test_util.h"

/* Equality with both values and a context string. */
#define EXPECT_EQ(actual, expected, context)                                                \
    do {                                                                                    \
        unsigned long long a_ = (unsigned long long)(actual);                               \
        unsigned long long e_ = (unsigned long long)(expected);                             \
        CHECK(a_ == e_, "%s is %llu, expected %llu (%s)", #actual, a_, e_, context);        \
    } while (0)

/* A .npy image: preamble for `major`, then dict padded with spaces to a multiple of 64
   and a newline (pad = 0: dict exactly as given), then the payload. */
typedef struct image {
    unsigned char bytes[4096];
    size_t size;
} image;

static void build(image *im, int major, const char *dict, int pad, const void *payload,
                  size_t payload_size)
{
    size_t prefix = major == 1 ? 10 : 12;
    size_t len = strlen(dict);
    size_t header_len = len;
    if (pad)
        header_len = (prefix + len + 1 + 63) / 64 * 64 - prefix;
    memcpy(im->bytes, "\x93NUMPY", 6);
    im->bytes[6] = (unsigned char)major;
    im->bytes[7] = 0;
    im->bytes[8] = (unsigned char)(header_len & 0xff);
    im->bytes[9] = (unsigned char)(header_len >> 8);
    if (major > 1) {
        im->bytes[10] = 0;
        im->bytes[11] = 0;
    }
    memcpy(im->bytes + prefix, dict, len);
    if (pad) {
        memset(im->bytes + prefix + len, ' ', header_len - len - 1);
        im->bytes[prefix + header_len - 1] = '\n';
    }
    if (payload_size)
        memcpy(im->bytes + prefix + header_len, payload, payload_size);
    im->size = prefix + header_len + payload_size;
}

typedef struct dtype_case {
    const char *descr;
    DML_TENSOR_DATA_TYPE type;
    int is_bool;
    size_t size;
} dtype_case;

static const dtype_case good_dtypes[] = {
    {"<f2", DML_TENSOR_DATA_TYPE_FLOAT16, 0, 2}, {"<f4", DML_TENSOR_DATA_TYPE_FLOAT32, 0, 4},
    {"<f8", DML_TENSOR_DATA_TYPE_FLOAT64, 0, 8}, {"|i1", DML_TENSOR_DATA_TYPE_INT8, 0, 1},
    {"<i2", DML_TENSOR_DATA_TYPE_INT16, 0, 2},   {"<i4", DML_TENSOR_DATA_TYPE_INT32, 0, 4},
    {"<i8", DML_TENSOR_DATA_TYPE_INT64, 0, 8},   {"|u1", DML_TENSOR_DATA_TYPE_UINT8, 0, 1},
    {"<u2", DML_TENSOR_DATA_TYPE_UINT16, 0, 2},  {"<u4", DML_TENSOR_DATA_TYPE_UINT32, 0, 4},
    {"<u8", DML_TENSOR_DATA_TYPE_UINT64, 0, 8},  {"|b1", DML_TENSOR_DATA_TYPE_UINT8, 1, 1},
    /* single-byte types: any byte-order mark, or none */
    {"i1", DML_TENSOR_DATA_TYPE_INT8, 0, 1},     {"u1", DML_TENSOR_DATA_TYPE_UINT8, 0, 1},
    {"b1", DML_TENSOR_DATA_TYPE_UINT8, 1, 1},    {"<u1", DML_TENSOR_DATA_TYPE_UINT8, 0, 1},
    {"=i1", DML_TENSOR_DATA_TYPE_INT8, 0, 1},    {"<b1", DML_TENSOR_DATA_TYPE_UINT8, 1, 1},
};

static void test_good_files(void)
{
    unsigned char payload[6 * 8];
    for (size_t i = 0; i < sizeof payload; i++)
        payload[i] = (unsigned char)(i * 7 + 1);
    for (size_t d = 0; d < sizeof good_dtypes / sizeof good_dtypes[0]; d++) {
        const dtype_case *dc = &good_dtypes[d];
        for (int major = 1; major <= 3; major++) {
            for (int fortran = 0; fortran <= 1; fortran++) {
                char dict[200];
                snprintf(dict, sizeof dict,
                         "{'descr': '%s', 'fortran_order': %s, 'shape': (2, 3), }", dc->descr,
                         fortran ? "True" : "False");
                image im;
                build(&im, major, dict, 1, payload, 6 * dc->size);
                dmlp__npy npy;
                CHECK_STATUS(dmlp__npy_read_memory(im.bytes, im.size, &npy), DMLP_OK);
                EXPECT_EQ(npy.type, dc->type, dc->descr);
                EXPECT_EQ(npy.is_bool, dc->is_bool, dc->descr);
                EXPECT_EQ(npy.fortran_order, fortran, dc->descr);
                EXPECT_EQ(npy.ndim, 2, dc->descr);
                EXPECT_EQ(npy.shape[0], 2, dc->descr);
                EXPECT_EQ(npy.shape[1], 3, dc->descr);
                EXPECT_EQ(npy.element_count, 6, dc->descr);
                EXPECT_EQ(npy.data_size, 6 * dc->size, dc->descr);
                CHECK(npy.data && memcmp(npy.data, payload, 6 * dc->size) == 0,
                      "%s v%d payload", dc->descr, major);
                dmlp__npy_free(&npy);
            }
        }
    }
}

/* Header dictionaries that numpy or other writers produce, all meaning <f4 of `shape`. */
static void test_dict_variants(void)
{
    static const struct {
        const char *dict;
        uint32_t ndim;
        uint64_t count;
    } cases[] = {
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (), }", 0, 1},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 1, 3},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}", 2, 6},
        {"{'shape': (2,3), 'descr': '<f4', 'fortran_order': False}", 2, 6},
        {"{'fortran_order':False,'shape':(1,2,3,),'descr':'<f4',}", 3, 6},
        {"{ \"descr\" : \"<f4\" , \"fortran_order\" : False , \"shape\" : ( 4 , ) }", 1, 4},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 3L), }", 2, 6},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3), }", 2, 0},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }", 1, 0},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
         "1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), }",
         32, 1},
    };
    float values[6] = {1, 2, 3, 4, 5, 6};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        image im;
        build(&im, 1, cases[i].dict, 1, values, (size_t)cases[i].count * 4);
        dmlp__npy npy;
        CHECK_STATUS(dmlp__npy_read_memory(im.bytes, im.size, &npy), DMLP_OK);
        EXPECT_EQ(npy.ndim, cases[i].ndim, cases[i].dict);
        EXPECT_EQ(npy.element_count, cases[i].count, cases[i].dict);
        EXPECT_EQ(npy.data_size, cases[i].count * 4, cases[i].dict);
        CHECK(npy.data != NULL, "%s", cases[i].dict);
        dmlp__npy_free(&npy);
    }

    /* trailing bytes after the payload are ignored, as numpy does */
    unsigned char extra[8] = {0};
    image im;
    build(&im, 1, "{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }", 1, extra, 8);
    dmlp__npy npy;
    CHECK_STATUS(dmlp__npy_read_memory(im.bytes, im.size, &npy), DMLP_OK);
    EXPECT_EQ(npy.data_size, 4, "");
    dmlp__npy_free(&npy);

    /* the data is padded so it can be bound as a buffer of roundup4 bytes */
    unsigned char three[3] = {1, 2, 3};
    build(&im, 1, "{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }", 1, three, 3);
    CHECK_STATUS(dmlp__npy_read_memory(im.bytes, im.size, &npy), DMLP_OK);
    CHECK(npy.data && ((unsigned char *)npy.data)[3] == 0, "zero padding after the data");
    dmlp__npy_free(&npy);
}

/* Each malformed variant: the status and a fragment of the message. */
static void expect_refused(const image *im, dmlp_status status, const char *fragment,
                           const char *what)
{
    dmlp__npy npy;
    memset(&npy, 0xAB, sizeof npy);
    dmlp_status s = dmlp__npy_read_memory(im->bytes, im->size, &npy);
    CHECK(s == status, "%s: got %s (%s)", what, dmlp_status_string(s), dmlp_last_error());
    CHECK_CONTAINS(dmlp_last_error(), fragment);
    CHECK(npy.data == NULL, "%s: no data on failure", what);
    /* every prefix of a refused file is refused too, without reading past its end */
    for (size_t cut = 0; cut < im->size; cut += 1 + cut / 8) {
        unsigned char *copy = malloc(cut ? cut : 1);
        memcpy(copy, im->bytes, cut);
        dmlp_status t = dmlp__npy_read_memory(copy, cut, &npy);
        CHECK(t != DMLP_OK, "%s cut at %zu accepted", what, cut);
        free(copy);
    }
}

static void refuse_dict(const char *dict, dmlp_status status, const char *fragment)
{
    float payload[64] = {0};
    image im;
    build(&im, 1, dict, 1, payload, sizeof payload);
    expect_refused(&im, status, fragment, dict);
}

static void test_malformed(void)
{
    const dmlp_status F = DMLP_ERROR_FORMAT, U = DMLP_ERROR_UNSUPPORTED;
    float payload[6] = {0};
    image im;
    const char *good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";

    build(&im, 1, good, 1, payload, sizeof payload);
    im.bytes[5] = 'X';
    expect_refused(&im, F, "magic", "bad magic");
    expect_refused(&(image){{0x93, 'N', 'U'}, 3}, F, "magic", "3 bytes");
    expect_refused(&(image){{0}, 0}, F, "magic", "empty");

    build(&im, 1, good, 1, payload, sizeof payload);
    im.bytes[6] = 4;
    expect_refused(&im, F, "version 4.0", "version 4.0");
    im.bytes[6] = 0;
    expect_refused(&im, F, "version 0.0", "version 0.0");
    im.bytes[6] = 1;
    im.bytes[7] = 1;
    expect_refused(&im, F, "version 1.1", "version 1.1");

    build(&im, 1, good, 1, NULL, 0);
    im.size -= 10;
    expect_refused(&im, F, "truncated header", "truncated header");
    build(&im, 2, good, 1, NULL, 0);
    im.bytes[11] = 0x10; /* a header length of 256 MiB */
    expect_refused(&im, F, "header", "huge header length");

    build(&im, 1, good, 0, payload, sizeof payload);
    expect_refused(&im, F, "newline", "header without newline");

    refuse_dict("['descr', '<f4']", F, "'{'");
    refuse_dict("{}", F, "missing key 'descr'");
    refuse_dict("{'descr': '<f4', 'shape': (2, 3), }", F, "missing key 'fortran_order'");
    refuse_dict("{'descr': '<f4', 'fortran_order': False}", F, "missing key 'shape'");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'x': 1}", F,
                "unknown key 'x'");
    refuse_dict("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}", F,
                "twice");
    refuse_dict("{'descr': '<f4', 'fortran_order': maybe, 'shape': (2, 3), }", F,
                "True or False");
    refuse_dict("{'descr': '<f4', 'fortran_order': Falsey, 'shape': (2, 3), }", F,
                "True or False");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (3), }", F, "(3,)");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", F, "shape");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2 3), }", F, "shape");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2, x), }", F, "shape");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': [2, 3], }", F, "tuple");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }}", F, "after");
    refuse_dict("{'descr': <f4, 'fortran_order': False, 'shape': (2, 3), }", F, "string");
    refuse_dict("{'descr': '<f4, 'fortran_order': False, 'shape': (2, 3), }", U, "'<f4, '");
    refuse_dict("{'descr' '<f4', 'fortran_order': False, 'shape': (2, 3), }", F, "key");
    refuse_dict("{'descr': '<f4' 'fortran_order': False, 'shape': (2, 3), }", F, "','");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), ", F, "");
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3, ", F, "shape");
    build(&im, 1, good, 1, payload, sizeof payload);
    im.bytes[40] = 0;
    expect_refused(&im, F, "NUL", "NUL in the header");

    refuse_dict("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", U, "'<c8'");
    refuse_dict("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }", U, "'<U3'");
    refuse_dict("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", U, "'|O'");
    refuse_dict("{'descr': '<f16', 'fortran_order': False, 'shape': (2,), }", U, "'<f16'");
    refuse_dict("{'descr': 'float32', 'fortran_order': False, 'shape': (2,), }", U, "float32");
    refuse_dict("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", U,
                "structured");
    refuse_dict("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", U, "big-endian");
    refuse_dict("{'descr': '>i8', 'fortran_order': False, 'shape': (2,), }", U, "big-endian");
    refuse_dict("{'descr': '=f4', 'fortran_order': False, 'shape': (2,), }", U, "'<f4'");
    refuse_dict("{'descr': '|i4', 'fortran_order': False, 'shape': (2,), }", U, "'<i4'");
    refuse_dict("{'descr': 'f4', 'fortran_order': False, 'shape': (2,), }", U, "'<f4'");

    /* truncated payload: the exact message */
    build(&im, 1, good, 1, payload, 20);
    expect_refused(&im, F, "truncated payload: header says 24 bytes, file has 20",
                   "truncated payload");
    build(&im, 3, good, 1, payload, 0);
    expect_refused(&im, F, "header says 24 bytes, file has 0", "no payload");

    /* shapes whose product or byte size overflows */
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296),"
                " }",
                F, "overflow");
    refuse_dict("{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,), }",
                F, "overflow");
    refuse_dict("{'descr': '|u1', 'fortran_order': False, 'shape': (18446744073709551615,)}",
                F, "overflow");
    refuse_dict("{'descr': '|u1', 'fortran_order': False, 'shape': (18446744073709551616,)}",
                F, "overflows 64 bits");
    refuse_dict("{'descr': '|u1', 'fortran_order': False, 'shape': (99999999999999999999999,)}",
                F, "overflows 64 bits");
    /* a big but representable shape with a short payload is a truncated payload */
    refuse_dict("{'descr': '|u1', 'fortran_order': False, 'shape': (65536, 65536), }", F,
                "truncated payload");

    /* more than 32 dimensions */
    refuse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1, 1, 1, 1, "
                "1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), }",
                U, "more than 32 dimensions");
}

static void test_strides(void)
{
    dmlp__npy npy;
    memset(&npy, 0, sizeof npy);
    npy.ndim = 3;
    npy.shape[0] = 2;
    npy.shape[1] = 3;
    npy.shape[2] = 4;
    uint64_t s[3];
    dmlp__npy_strides(&npy, s);
    CHECK(s[0] == 12 && s[1] == 4 && s[2] == 1, "C order strides %llu %llu %llu",
          (unsigned long long)s[0], (unsigned long long)s[1], (unsigned long long)s[2]);
    npy.fortran_order = 1;
    dmlp__npy_strides(&npy, s);
    CHECK(s[0] == 1 && s[1] == 2 && s[2] == 6, "Fortran strides %llu %llu %llu",
          (unsigned long long)s[0], (unsigned long long)s[1], (unsigned long long)s[2]);
}

static size_t read_raw(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d)
        return -1;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

static void test_files(void)
{
    char dir[] = "/tmp/dmlp_test_npy_XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp failed");
        return;
    }
    char path[256], path2[256];

    /* the exact bytes of a written header: version 1.0, 57 dict bytes padded to 128 in
       all, newline last */
    snprintf(path, sizeof path, "%s/a.npy", dir);
    int16_t values[3] = {-1, 0, 300};
    uint64_t shape1[1] = {3};
    CHECK_STATUS(dmlp__npy_write_file(path, DML_TENSOR_DATA_TYPE_INT16, 0, 1, shape1, values),
                 DMLP_OK);
    unsigned char raw[512];
    size_t n = read_raw(path, raw, sizeof raw);
    const char *expect_dict = "{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }";
    EXPECT_EQ(n, 128 + 6, "");
    CHECK(memcmp(raw, "\x93NUMPY\x01\x00\x76\x00", 10) == 0, "preamble");
    CHECK(memcmp(raw + 10, expect_dict, strlen(expect_dict)) == 0, "dict text");
    CHECK(raw[127] == '\n' && raw[126] == ' ', "padding and newline");
    CHECK(memcmp(raw + 128, "\xff\xff\x00\x00\x2c\x01", 6) == 0, "payload bytes");

    /* round trip of every type, 0-d and empty shapes included */
    for (size_t d = 0; d < 12; d++) {
        const dtype_case *dc = &good_dtypes[d];
        unsigned char data[6 * 8];
        for (size_t i = 0; i < sizeof data; i++)
            data[i] = (unsigned char)(i * 13 + 5);
        if (dc->is_bool)
            for (size_t i = 0; i < sizeof data; i++)
                data[i] &= 1;
        static const uint64_t shapes[3][2] = {{2, 3}, {0, 3}, {0, 0}};
        static const uint32_t ndims[3] = {2, 2, 0};
        for (int k = 0; k < 3; k++) {
            CHECK_STATUS(dmlp__npy_write_file(path, dc->type, dc->is_bool, ndims[k], shapes[k],
                                              data),
                         DMLP_OK);
            dmlp__npy npy;
            CHECK_STATUS(dmlp__npy_read_file(path, &npy), DMLP_OK);
            uint64_t count = ndims[k] ? shapes[k][0] * shapes[k][1] : 1;
            EXPECT_EQ(npy.type, dc->type, dc->descr);
            EXPECT_EQ(npy.is_bool, dc->is_bool, dc->descr);
            EXPECT_EQ(npy.ndim, ndims[k], dc->descr);
            EXPECT_EQ(npy.element_count, count, dc->descr);
            CHECK(npy.data && memcmp(npy.data, data, (size_t)count * dc->size) == 0, "%s data",
                  dc->descr);
            dmlp__npy_free(&npy);
        }
    }
    const char *descr_f4 = dmlp__npy_descr(DML_TENSOR_DATA_TYPE_FLOAT32, 0);
    CHECK(descr_f4 && strcmp(descr_f4, "<f4") == 0, "descr of FLOAT32");
    CHECK(dmlp__npy_descr(DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0) == NULL, "bf16 has no dtype");
    CHECK_STATUS(dmlp__npy_write_file(path, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0, 1, shape1, values),
                 DMLP_ERROR_UNSUPPORTED);

    /* read errors name the system's reason */
    snprintf(path2, sizeof path2, "%s/missing.npy", dir);
    dmlp__npy npy;
    CHECK_STATUS(dmlp__npy_read_file(path2, &npy), DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "No such file");
    CHECK_STATUS(dmlp__npy_read_file(dir, &npy), DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "directory");

    /* a truncated file on disk */
    FILE *f = fopen(path2, "wb");
    fwrite(raw, 1, 128 + 4, f);
    fclose(f);
    CHECK_STATUS(dmlp__npy_read_file(path2, &npy), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "truncated payload: header says 6 bytes, file has 4");
    remove(path2);

    /* a short file whose header announces 2 TiB within a 4 TiB budget is a truncated
       payload, found from the file's size before any of that memory is asked for */
    static const char big[] = "\x93NUMPY\x01\x00\x76\x00{'descr': '<f2', 'fortran_order': "
                              "False, 'shape': (1048576, 1048576), }";
    f = fopen(path2, "wb");
    fwrite(big, 1, sizeof big - 1, f);
    for (size_t i = sizeof big - 1; i < 10 + 0x76 - 1; i++)
        fputc(' ', f);
    fputs("\nab", f);
    fclose(f);
    dmlp__budget_set(UINT64_C(1) << 42);
    CHECK_STATUS(dmlp__npy_read_file(path2, &npy), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(),
                   "truncated payload: header says 2199023255552 bytes, file has 2");
    dmlp__budget_set(0);
    remove(path2);

    /* write failures leave nothing behind: a missing folder, a target that is a folder */
    snprintf(path2, sizeof path2, "%s/no/such/dir/x.npy", dir);
    CHECK_STATUS(dmlp__npy_write_file(path2, DML_TENSOR_DATA_TYPE_INT16, 0, 1, shape1, values),
                 DMLP_ERROR_IO);
    CHECK_CONTAINS(dmlp_last_error(), "No such file");
    snprintf(path2, sizeof path2, "%s/sub", dir);
    mkdir(path2, 0700);
    int before = count_entries(dir);
    CHECK_STATUS(dmlp__npy_write_file(path2, DML_TENSOR_DATA_TYPE_INT16, 0, 1, shape1, values),
                 DMLP_ERROR_IO);
    EXPECT_EQ(count_entries(dir), before, "no temporary file left");
    EXPECT_EQ(count_entries(path2), 0, "");
    rmdir(path2);

    remove(path);
    EXPECT_EQ(count_entries(dir), 0, "");
    rmdir(dir);
}

int main(void)
{
    test_good_files();
    test_dict_variants();
    test_malformed();
    test_strides();
    test_files();
    return test_finish("test_npy");
}
