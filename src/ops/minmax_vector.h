/* What the fast kernels of Max and Min share past f32 and f64 (included by both files'
   vector parts, compiled in each ISA's template): the integers select a lane (unsigned
   ones of 8, 16 and 32 bits compared as signed keys with the top bit flipped, the 64-bit
   ones by the vocabulary's gts64 and gtu64), f16 and bf16
   compare their ordering keys (equal keys are equal bits) and then set the NaN lanes as
   the f32 kernels do. MINMAX_VECTOR(op, P, Q) takes y where P > Q: Max (y, x), Min (x, y). */
#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_MINMAX_VECTOR_H)
#define DMLP_OPS_MINMAX_VECTOR_H 1

#define MINMAX_INT(op, w, S, P, Q)                                                          \
    static ALWAYS_INLINE V bin_##op##_i##w(V x, V y, const kc *c)                           \
    {                                                                                       \
        (void)c;                                                                            \
        return sel##w(gt##w(P, Q), y, x);                                                   \
    }                                                                                       \
    static ALWAYS_INLINE V bin_##op##_u##w(V x, V y, const kc *c)                           \
    {                                                                                       \
        (void)c;                                                                            \
        return sel##w(gt##w(ukey##w(P), ukey##w(Q)), y, x);                                 \
    }                                                                                       \
    BINARY_KERNEL(i##w, op, S, bin_##op##_i##w, setup_none)                                 \
    BINARY_KERNEL(u##w, op, S, bin_##op##_u##w, setup_none)

#define MINMAX_INT64(op, P, Q)                                                              \
    static ALWAYS_INLINE V bin_##op##_i64(V x, V y, const kc *c)                            \
    {                                                                                       \
        (void)c;                                                                            \
        return sel64(gts64(P, Q), y, x);                                                    \
    }                                                                                       \
    static ALWAYS_INLINE V bin_##op##_u64(V x, V y, const kc *c)                            \
    {                                                                                       \
        (void)c;                                                                            \
        return sel64(gtu64(P, Q), y, x);                                                    \
    }                                                                                       \
    BINARY_KERNEL(i64, op, 8, bin_##op##_i64, setup_none)                                   \
    BINARY_KERNEL(u64, op, 8, bin_##op##_u64, setup_none)

#define MINMAX_VECTOR(op, P, Q)                                                             \
    MINMAX_INT(op, 8, 1, P, Q)                                                              \
    MINMAX_INT(op, 16, 2, P, Q)                                                             \
    MINMAX_INT(op, 32, 4, P, Q)                                                             \
    MINMAX_INT64(op, P, Q)                                                                  \
    static ALWAYS_INLINE V bin_##op##_f16(V x, V y, const kc *c)                            \
    {                                                                                       \
        V r = sel16(gt16(fkey16(P), fkey16(Q)), y, x);                                      \
        M16 x_nan = nan_16(vand(x, c->abs), c), y_nan = nan_16(vand(y, c->abs), c);         \
        r = sel16(y_nan, c->propagate ? vor(y, c->quiet) : x, r);                           \
        V x_lanes = c->propagate ? vor(x, c->quiet) : sel16(y_nan, vor(x, c->quiet), y);    \
        return sel16(x_nan, x_lanes, r);                                                    \
    }                                                                                       \
    BINARY_KERNEL(f16, op, 2, bin_##op##_f16, setup_f16)                                    \
    BINARY_KERNEL(bf16, op, 2, bin_##op##_f16, setup_bf16)
#endif
