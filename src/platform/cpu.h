/* Internal: the processor the library runs on. One implementation per architecture
   (src/platform/<arch>/cpu.c, chosen by src/platform/CMakeLists.txt); the counting of
   cores is the operating system's (src/platform/posix/system.c). */
#ifndef DMLP_PLATFORM_CPU_H
#define DMLP_PLATFORM_CPU_H

#include <stddef.h>
#include <stdint.h>

/* Feature bits of dmlp__cpu_features(). Each bit is a whole kernel level: every
   instruction its kernels use is present and the operating system saves the registers
   they need. */
#define DMLP__CPU_X86_SSE2 0x1u   /* x86-64 baseline */
#define DMLP__CPU_X86_AVX2 0x2u   /* AVX2, FMA and F16C; OS saves YMM state */
#define DMLP__CPU_X86_AVX512 0x4u /* AVX-512 F, BW, VL and DQ; OS saves opmask and ZMM */
#define DMLP__CPU_X86_AVX512_BF16 0x8u /* with AVX512: AVX512-BF16, whose vcvtne2ps2bf16
                                          rounds f32 to bf16 (not a level: one kernel's
                                          form, dmlp__isa_bf16_round) */
#define DMLP__CPU_X86_AVX512_VBMI 0x10u /* with AVX512: AVX512-VBMI, whose vpermb moves
                                           bytes across the register (IsInfinity f64's form,
                                           dmlp__isa_byte_permute) */
#define DMLP__CPU_X86_AVX512_POPCOUNT 0x20u /* with AVX512: AVX512-VPOPCNTDQ and BITALG,
                                               whose vpopcnt[bwdq] count each lane's bits
                                               (BitCount's form, dmlp__isa_lane_popcount) */
#define DMLP__CPU_ARM_NEON 0x100u  /* aarch64 AdvSIMD (HWCAP asimd) */
#define DMLP__CPU_ARM_FP16 0x200u  /* FP16 arithmetic, scalar and vector (fphp, asimdhp);
                                      detected, not needed by any kernel */

/* The feature bits of the processor running this call (0 where the architecture has no
   fast kernels). Cheap enough to call once per process; callers cache it. */
uint32_t dmlp__cpu_features(void);

/* A short pause inside a spin-wait loop (x86 `pause`): eases the core's pipeline and
   a sibling hyper-thread while waiting. */
void dmlp__cpu_relax(void);

/* Orders the non-temporal (streaming) stores made so far by this thread before any later
   store, so that another thread that sees the work finished also sees its data. */
void dmlp__stream_fence(void);

/* The processor's name, e.g. its brand string with family and model numbers ("unknown"
   where it does not say): the key under which measured choices are kept (core/tune.h). */
void dmlp__cpu_model(char *buf, size_t size);

/* The last-level cache in bytes as the OS reports it (0 when it does not). Some VMs
   report the whole host's. */
uint64_t dmlp__cpu_llc_bytes(void);

/* Cores this process may run on (its affinity mask where the OS has one, else the
   online ones), at least 1. */
uint32_t dmlp__cpu_count(void);

#endif
