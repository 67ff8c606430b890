/* NumPy .npy reading and writing: a strict parser for the header dictionary that numpy
   writes, a reader that takes only what the header announces, and the header for the
   output writer (io/output.h). */
#include "io/npy.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "io/budget.h"
#include "io/file.h"
#include "io/output.h"

#define MAGIC "\x93NUMPY"
#define MAGIC_SIZE 6
/* A numpy header is ~120 bytes even at 32 dimensions; a larger one is corrupt. */
#define HEADER_LIMIT (1u << 20)

typedef struct dtype_entry {
    const char *code; /* without the byte-order character */
    DML_TENSOR_DATA_TYPE type;
    int is_bool;
    uint32_t size;
} dtype_entry;

static const dtype_entry dtypes[] = {
    {"f2", DML_TENSOR_DATA_TYPE_FLOAT16, 0, 2}, {"f4", DML_TENSOR_DATA_TYPE_FLOAT32, 0, 4},
    {"f8", DML_TENSOR_DATA_TYPE_FLOAT64, 0, 8}, {"i1", DML_TENSOR_DATA_TYPE_INT8, 0, 1},
    {"i2", DML_TENSOR_DATA_TYPE_INT16, 0, 2},   {"i4", DML_TENSOR_DATA_TYPE_INT32, 0, 4},
    {"i8", DML_TENSOR_DATA_TYPE_INT64, 0, 8},   {"u1", DML_TENSOR_DATA_TYPE_UINT8, 0, 1},
    {"u2", DML_TENSOR_DATA_TYPE_UINT16, 0, 2},  {"u4", DML_TENSOR_DATA_TYPE_UINT32, 0, 4},
    {"u8", DML_TENSOR_DATA_TYPE_UINT64, 0, 8},  {"b1", DML_TENSOR_DATA_TYPE_UINT8, 1, 1},
};

static const dtype_entry *dtype_find(DML_TENSOR_DATA_TYPE type, int is_bool)
{
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        if (dtypes[i].type == type && dtypes[i].is_bool == (is_bool != 0))
            return &dtypes[i];
    return NULL;
}

const char *dmlp__npy_descr(DML_TENSOR_DATA_TYPE type, int is_bool)
{
    static const char *const names[] = {"<f2", "<f4", "<f8", "|i1", "<i2", "<i4",
                                        "<i8", "|u1", "<u2", "<u4", "<u8", "|b1"};
    const dtype_entry *e = dtype_find(type, is_bool);
    return e ? names[e - dtypes] : NULL;
}

uint32_t dmlp__npy_element_size(DML_TENSOR_DATA_TYPE type, int is_bool)
{
    const dtype_entry *e = dtype_find(type, is_bool);
    return e ? e->size : 0;
}

/* ---- the header dictionary ---------------------------------------------------------- */

typedef struct cursor {
    const char *p;
    const char *end;
} cursor;

static void skip_space(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static bool take(cursor *c, char ch)
{
    skip_space(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

/* A Python string literal without escapes ('...' or "..."), copied into buf. */
static bool parse_string(cursor *c, char *buf, size_t cap)
{
    skip_space(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return false;
    char quote = *c->p++;
    size_t n = 0;
    while (c->p < c->end && *c->p != quote) {
        if (*c->p == '\\' || *c->p == '\n' || n + 1 >= cap)
            return false;
        buf[n++] = *c->p++;
    }
    if (c->p >= c->end)
        return false;
    c->p++;
    buf[n] = '\0';
    return true;
}

static bool parse_word(cursor *c, const char *word)
{
    skip_space(c);
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0)
        return false;
    const char *after = c->p + n;
    if (after < c->end && ((*after >= 'a' && *after <= 'z') || (*after >= 'A' && *after <= 'Z') ||
                           (*after >= '0' && *after <= '9') || *after == '_'))
        return false;
    c->p = after;
    return true;
}

static dmlp_status parse_dim(cursor *c, uint64_t *value)
{
    skip_space(c);
    if (c->p >= c->end || *c->p < '0' || *c->p > '9')
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: shape must hold non-negative integers");
    uint64_t v = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        uint64_t digit = (uint64_t)(*c->p - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return dmlp__error(DMLP_ERROR_FORMAT, "bad header: a shape dimension overflows 64 bits");
        v = v * 10 + digit;
        c->p++;
    }
    if (c->p < c->end && (*c->p == 'L' || *c->p == 'l')) /* Python 2 long literals */
        c->p++;
    *value = v;
    return DMLP_OK;
}

static dmlp_status parse_shape(cursor *c, dmlp__npy *out)
{
    if (!take(c, '('))
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: 'shape' must be a tuple like (2, 3)");
    uint32_t n = 0;
    bool trailing_comma = false;
    while (!take(c, ')')) {
        if (n > 0 && !trailing_comma)
            return dmlp__error(DMLP_ERROR_FORMAT, "bad header: expected ',' or ')' in 'shape'");
        if (n == DMLP__NPY_MAX_DIMS)
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "shape has more than %d dimensions", DMLP__NPY_MAX_DIMS);
        dmlp_status s = parse_dim(c, &out->shape[n]);
        if (s != DMLP_OK)
            return s;
        n++;
        trailing_comma = take(c, ',');
    }
    if (n == 1 && !trailing_comma) /* Python reads "(3)" as the integer 3 */
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "bad header: 'shape' (%llu) is not a tuple; a 1-d shape is (%llu,)",
                           (unsigned long long)out->shape[0], (unsigned long long)out->shape[0]);
    out->ndim = n;
    return DMLP_OK;
}

static dmlp_status parse_descr(const char *text, dmlp__npy *out, uint32_t *size)
{
    char order = text[0];
    const char *code = text;
    if (order == '<' || order == '>' || order == '|' || order == '=')
        code++;
    else
        order = 0;
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++) {
        if (strcmp(code, dtypes[i].code) != 0)
            continue;
        if (dtypes[i].size > 1 && order == '>')
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "dtype '%s' is big-endian; only little-endian is supported", text);
        /* '=' is the writer's native order, unknown here; '|' and none mean "no order" */
        if (dtypes[i].size > 1 && order != '<')
            return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                               "dtype '%s' has no little-endian byte order; write '<%s'", text,
                               code);
        out->type = dtypes[i].type;
        out->is_bool = dtypes[i].is_bool;
        *size = dtypes[i].size;
        return DMLP_OK;
    }
    return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                       "dtype '%s' is not supported; use one of <f2 <f4 <f8 |i1 <i2 <i4 <i8 "
                       "|u1 <u2 <u4 <u8 |b1",
                       text);
}

/* Parses "{'descr': ..., 'fortran_order': ..., 'shape': (...), }" followed by padding. */
static dmlp_status parse_dict(const char *text, size_t len, dmlp__npy *out, uint32_t *size)
{
    if (len == 0 || text[len - 1] != '\n')
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: it does not end with a newline");
    cursor c = {text, text + len};
    bool have_descr = false, have_order = false, have_shape = false;
    if (!take(&c, '{'))
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: it does not start with '{'");
    while (!take(&c, '}')) {
        char key[32];
        if (!parse_string(&c, key, sizeof key) || !take(&c, ':'))
            return dmlp__error(DMLP_ERROR_FORMAT, "bad header: expected 'key': value");
        dmlp_status s = DMLP_OK;
        if (strcmp(key, "descr") == 0 && !have_descr) {
            char descr[64];
            skip_space(&c);
            if (c.p < c.end && c.p[0] == '[')
                return dmlp__error(DMLP_ERROR_UNSUPPORTED,
                                   "structured dtypes (a 'descr' list) are not supported");
            if (!parse_string(&c, descr, sizeof descr))
                return dmlp__error(DMLP_ERROR_FORMAT, "bad header: 'descr' must be a string");
            s = parse_descr(descr, out, size);
            have_descr = true;
        } else if (strcmp(key, "fortran_order") == 0 && !have_order) {
            if (parse_word(&c, "True"))
                out->fortran_order = 1;
            else if (parse_word(&c, "False"))
                out->fortran_order = 0;
            else
                return dmlp__error(DMLP_ERROR_FORMAT,
                                   "bad header: 'fortran_order' must be True or False");
            have_order = true;
        } else if (strcmp(key, "shape") == 0 && !have_shape) {
            s = parse_shape(&c, out);
            have_shape = true;
        } else if (strcmp(key, "descr") == 0 || strcmp(key, "fortran_order") == 0 ||
                   strcmp(key, "shape") == 0) {
            return dmlp__error(DMLP_ERROR_FORMAT, "bad header: key '%s' appears twice", key);
        } else {
            return dmlp__error(DMLP_ERROR_FORMAT,
                               "bad header: unknown key '%s' (expected descr, fortran_order, "
                               "shape)",
                               key);
        }
        if (s != DMLP_OK)
            return s;
        if (!take(&c, ',')) {
            if (!take(&c, '}'))
                return dmlp__error(DMLP_ERROR_FORMAT, "bad header: expected ',' or '}'");
            break;
        }
    }
    skip_space(&c);
    if (c.p != c.end)
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: text after the closing '}'");
    if (!have_descr || !have_order || !have_shape)
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: missing key '%s'",
                           !have_descr ? "descr" : !have_order ? "fortran_order" : "shape");
    return DMLP_OK;
}

/* ---- the whole file ----------------------------------------------------------------- */

/* Checks the preamble and header in bytes[0, size) and fills out's type and shape;
   *payload is the offset of the data. */
static dmlp_status parse_header(const unsigned char *bytes, size_t size, dmlp__npy *out,
                                size_t *payload)
{
    if (size < MAGIC_SIZE + 2 || memcmp(bytes, MAGIC, MAGIC_SIZE) != 0)
        return dmlp__error(DMLP_ERROR_FORMAT, "not a .npy file (no \\x93NUMPY magic)");
    unsigned major = bytes[6], minor = bytes[7];
    if (major < 1 || major > 3 || minor != 0)
        return dmlp__error(DMLP_ERROR_FORMAT,
                           ".npy format version %u.%u is not supported (1.0, 2.0, 3.0 are)",
                           major, minor);
    size_t prefix = major == 1 ? 10 : 12;
    if (size < prefix)
        return dmlp__error(DMLP_ERROR_FORMAT, "truncated header: file has %zu bytes", size);
    uint32_t header_len = (uint32_t)bytes[8] | (uint32_t)bytes[9] << 8;
    if (major > 1)
        header_len |= (uint32_t)bytes[10] << 16 | (uint32_t)bytes[11] << 24;
    if (header_len > HEADER_LIMIT)
        return dmlp__error(DMLP_ERROR_FORMAT, "header length %u is over the limit of %u bytes",
                           header_len, HEADER_LIMIT);
    if (size - prefix < header_len)
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "truncated header: header says %u bytes, file has %zu", header_len,
                           size - prefix);
    const char *text = (const char *)bytes + prefix;
    if (memchr(text, '\0', header_len))
        return dmlp__error(DMLP_ERROR_FORMAT, "bad header: it holds a NUL byte");
    uint32_t element_size = 0;
    dmlp_status s = parse_dict(text, header_len, out, &element_size);
    if (s != DMLP_OK)
        return s;

    /* numpy's rule: the product of the dimensions must fit; a 0 dimension makes it 0 */
    uint64_t count = 1, nonzero = 1;
    for (uint32_t i = 0; i < out->ndim; i++) {
        uint64_t d = out->shape[i];
        if (d == 0) {
            count = 0;
            continue;
        }
        if (nonzero > UINT64_MAX / d)
            return dmlp__error(DMLP_ERROR_FORMAT, "shape's element count overflows 64 bits");
        nonzero *= d;
    }
    if (count != 0)
        count = nonzero;
    if (nonzero > (SIZE_MAX - 64) / element_size)
        return dmlp__error(DMLP_ERROR_FORMAT, "shape's size in bytes overflows");
    out->element_count = count;
    out->data_size = (size_t)(count * element_size);
    *payload = prefix + header_len;
    return DMLP_OK;
}

static size_t padded(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

static dmlp_status check_payload(const dmlp__npy *npy, size_t payload, size_t size)
{
    if (size - payload < npy->data_size)
        return dmlp__error(DMLP_ERROR_FORMAT, "truncated payload: header says %zu bytes, file has %zu",
                           npy->data_size, size - payload);
    return DMLP_OK;
}

dmlp_status dmlp__npy_read_memory(const void *bytes, size_t size, dmlp__npy *out)
{
    dmlp__npy npy;
    memset(&npy, 0, sizeof npy);
    memset(out, 0, sizeof *out);
    size_t payload = 0;
    if (!bytes && size)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "no bytes");
    dmlp_status s = parse_header(bytes, size, &npy, &payload);
    if (s == DMLP_OK)
        s = check_payload(&npy, payload, size);
    if (s != DMLP_OK)
        return s;
    npy.data = calloc(1, padded(npy.data_size) + 8);
    if (!npy.data)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %zu bytes", npy.data_size);
    if (npy.data_size)
        memcpy(npy.data, (const unsigned char *)bytes + payload, npy.data_size);
    *out = npy;
    return DMLP_OK;
}

/* Reads exactly size bytes into buffer; FORMAT "truncated ..." if the file ends first. */
static dmlp_status read_exact(int fd, void *buffer, size_t size, size_t *got)
{
    long long n = dmlp__read_up_to(fd, buffer, size);
    if (n < 0)
        return dmlp__error(DMLP_ERROR_IO, "read failed: %s", strerror(errno));
    *got = (size_t)n;
    return DMLP_OK;
}

dmlp_status dmlp__npy_read_fd(int fd, dmlp__npy *out)
{
    memset(out, 0, sizeof *out);
    /* the preamble, then the header it announces, then the payload the header
       announces: nothing more is read, so a stream (a FIFO, /dev/zero) fails on its
       first bytes or gives exactly one tensor */
    unsigned char preamble[12];
    size_t got = 0;
    dmlp_status s = read_exact(fd, preamble, 10, &got);
    if (s != DMLP_OK)
        return s;
    size_t prefix = 10;
    if (got == 10 && memcmp(preamble, MAGIC, MAGIC_SIZE) == 0 && preamble[6] >= 2 &&
        preamble[6] <= 3) {
        size_t more = 0;
        if ((s = read_exact(fd, preamble + 10, 2, &more)) != DMLP_OK)
            return s;
        got += more;
        prefix = 12;
    }
    uint32_t header_len = 0;
    if (got == prefix && memcmp(preamble, MAGIC, MAGIC_SIZE) == 0) {
        header_len = (uint32_t)preamble[8] | (uint32_t)preamble[9] << 8;
        if (prefix == 12)
            header_len |= (uint32_t)preamble[10] << 16 | (uint32_t)preamble[11] << 24;
    }
    if (header_len > HEADER_LIMIT)
        header_len = 0; /* parse_header refuses it by its length field */
    unsigned char *head = malloc(prefix + header_len);
    if (!head)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for the header");
    memcpy(head, preamble, got);
    size_t header_got = 0;
    if (got == prefix && header_len)
        s = read_exact(fd, head + prefix, header_len, &header_got);
    dmlp__npy npy;
    memset(&npy, 0, sizeof npy);
    size_t payload = 0;
    if (s == DMLP_OK)
        s = parse_header(head, got + header_got, &npy, &payload);
    free(head);
    if (s != DMLP_OK)
        return s;
    if ((s = dmlp__budget_take(NULL, "the tensor's data", npy.data_size)) != DMLP_OK)
        return s;
    /* a regular file too short for the payload is refused before the payload's memory
       is taken (a 130-byte file may announce 24 GB within the budget) */
    struct stat st;
    off_t at = lseek(fd, 0, SEEK_CUR);
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && at >= 0 && st.st_size >= at &&
        (uint64_t)(st.st_size - at) < npy.data_size)
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "truncated payload: header says %zu bytes, file has %llu",
                           npy.data_size, (unsigned long long)(st.st_size - at));
    size_t need = padded(npy.data_size) + 8;
    npy.data = calloc(1, need);
    if (!npy.data)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory for %zu bytes", need);
    s = read_exact(fd, npy.data, npy.data_size, &got);
    if (s == DMLP_OK && got < npy.data_size)
        s = dmlp__error(DMLP_ERROR_FORMAT,
                        "truncated payload: header says %zu bytes, file has %zu",
                        npy.data_size, got);
    if (s != DMLP_OK) {
        free(npy.data);
        return s;
    }
    *out = npy;
    return DMLP_OK;
}

dmlp_status dmlp__npy_read_file(const char *path, dmlp__npy *out)
{
    memset(out, 0, sizeof *out);
    int fd;
    dmlp_status s = dmlp__open_input(path, NULL, &fd);
    if (s != DMLP_OK)
        return s;
    s = dmlp__npy_read_fd(fd, out);
    close(fd);
    return s;
}

void dmlp__npy_strides(const dmlp__npy *npy, uint64_t *strides)
{
    uint64_t stride = 1;
    for (uint32_t k = 0; k < npy->ndim; k++) {
        uint32_t i = npy->fortran_order ? k : npy->ndim - 1 - k;
        strides[i] = stride;
        stride *= npy->shape[i] ? npy->shape[i] : 1;
    }
}

void dmlp__npy_free(dmlp__npy *npy)
{
    if (!npy)
        return;
    free(npy->data);
    npy->data = NULL;
    npy->data_size = 0;
}

/* ---- writing ------------------------------------------------------------------------ */

/* Appends a then b to buf (holding *len bytes); false if they do not fit. */
static bool append(char *buf, size_t cap, size_t *len, const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na + nb >= cap - *len)
        return false;
    memcpy(buf + *len, a, na);
    memcpy(buf + *len + na, b, nb);
    *len += na + nb;
    buf[*len] = '\0';
    return true;
}

/* Builds the preamble and padded header for the given type and shape into buf. Returns
   its length, or 0 if it does not fit. */
static size_t build_header(char *buf, size_t cap, const char *descr, uint32_t ndim,
                           const uint64_t *shape)
{
    char dict[32 * 24 + 96];
    size_t dict_len = 0;
    if (!append(dict, sizeof dict, &dict_len, "{'descr': '", descr))
        return 0;
    if (!append(dict, sizeof dict, &dict_len, "', 'fortran_order': False, 'shape': (", ""))
        return 0;
    for (uint32_t i = 0; i < ndim; i++) {
        char number[24];
        snprintf(number, sizeof number, "%llu", (unsigned long long)shape[i]);
        if (!append(dict, sizeof dict, &dict_len, i ? ", " : "", number))
            return 0;
    }
    if (!append(dict, sizeof dict, &dict_len, ndim == 1 ? "," : "", "), }"))
        return 0;
    int major = 1;
    size_t prefix = 10;
    size_t total = (prefix + dict_len + 1 + 63) / 64 * 64;
    if (total - prefix > 65535) { /* version 1.0's length field has 16 bits */
        major = 2;
        prefix = 12;
        total = (prefix + dict_len + 1 + 63) / 64 * 64;
    }
    if (total > cap || dict_len >= sizeof dict || prefix + dict_len + 1 > total)
        return 0;
    size_t header_len = total - prefix;
    memcpy(buf, MAGIC, MAGIC_SIZE);
    buf[6] = (char)major;
    buf[7] = 0;
    buf[8] = (char)(header_len & 0xff);
    buf[9] = (char)((header_len >> 8) & 0xff);
    if (major == 2) {
        buf[10] = (char)((header_len >> 16) & 0xff);
        buf[11] = (char)((header_len >> 24) & 0xff);
    }
    memcpy(buf + prefix, dict, dict_len);
    memset(buf + prefix + dict_len, ' ', total - prefix - dict_len - 1);
    buf[total - 1] = '\n';
    return total;
}

/* The header (into header, *header_size) and payload size for a tensor. */
static dmlp_status prepare(DML_TENSOR_DATA_TYPE type, int is_bool, uint32_t ndim,
                           const uint64_t *shape, const void *data, char *header,
                           size_t header_cap, size_t *header_size, size_t *payload_size)
{
    const dtype_entry *e = dtype_find(type, is_bool);
    if (!e)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "type %d has no .npy dtype", (int)type);
    if (ndim > DMLP__NPY_MAX_DIMS)
        return dmlp__error(DMLP_ERROR_UNSUPPORTED, "more than %d dimensions",
                           DMLP__NPY_MAX_DIMS);
    uint64_t count = 1;
    for (uint32_t i = 0; i < ndim; i++) {
        if (shape[i] && count > UINT64_MAX / shape[i])
            return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "shape's element count overflows");
        count *= shape[i];
    }
    if (count > SIZE_MAX / e->size)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "shape's size in bytes overflows");
    size_t data_size = (size_t)count * e->size;
    if (data_size && !data)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "no data");

    *header_size = build_header(header, header_cap, dmlp__npy_descr(type, is_bool), ndim, shape);
    if (*header_size == 0)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "header too long");
    *payload_size = data_size;
    return DMLP_OK;
}

dmlp_status dmlp__npy_add_output(dmlp__outputs *set, const char *path,
                                 DML_TENSOR_DATA_TYPE type, int is_bool, uint32_t ndim,
                                 const uint64_t *shape, const void *data)
{
    char header[1024];
    size_t header_size = 0, data_size = 0;
    dmlp_status s = prepare(type, is_bool, ndim, shape, data, header, sizeof header,
                            &header_size, &data_size);
    if (s != DMLP_OK)
        return s;
    dmlp__piece pieces[2] = {{header, header_size}, {data, data_size}};
    return dmlp__outputs_add(set, path, pieces, 2);
}

dmlp_status dmlp__npy_write_file(const char *path, DML_TENSOR_DATA_TYPE type, int is_bool,
                                 uint32_t ndim, const uint64_t *shape, const void *data)
{
    dmlp__outputs set;
    dmlp__outputs_init(&set, NULL);
    dmlp_status s = dmlp__npy_add_output(&set, path, type, is_bool, ndim, shape, data);
    if (s == DMLP_OK)
        s = dmlp__outputs_commit(&set, NULL);
    dmlp__outputs_free(&set);
    return s;
}

