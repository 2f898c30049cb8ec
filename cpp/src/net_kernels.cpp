// The net kernel (net_kernel.inc) compiled for each instruction set: the portable build for
// every compiler and architecture, and on GCC or Clang for x86 also AVX2 with FMA and
// AVX-512, which net.cpp chooses at run time. The library itself keeps the baseline flags.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include "net_kernels.hpp"
#include "tavla/net.hpp"

namespace tavla::net_kernel {

namespace portable {
constexpr int kWidth = 4;
#define TAVLA_TARGET
#include "net_kernel.inc"
#undef TAVLA_TARGET
}  // namespace portable

#ifdef TAVLA_X86_KERNELS
namespace avx2 {
constexpr int kWidth = 8;
#define TAVLA_TARGET __attribute__((target("avx2,fma")))
#include "net_kernel.inc"
#undef TAVLA_TARGET
}  // namespace avx2

namespace avx512 {
constexpr int kWidth = 16;
#define TAVLA_TARGET __attribute__((target("avx512f,avx2,fma")))
#include "net_kernel.inc"
#undef TAVLA_TARGET
}  // namespace avx512
#endif

}  // namespace tavla::net_kernel
