// The net kernel (net_kernel.inc) compiled for each instruction set: the portable build for
// every compiler and architecture, and on GCC or Clang for x86 also AVX2 with FMA and
// AVX-512, which net.cpp chooses at run time. The library itself keeps the baseline flags.
#include "net_kernels.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "tavla/fault.hpp"
#include "tavla/net.hpp"

#ifdef TAVLA_X86_KERNELS
#include <immintrin.h>
#endif

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
#define TAVLA_AVX2 1
#include "net_kernel.inc"
#undef TAVLA_AVX2
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

namespace tavla::net_kernel {
namespace {

struct Choice {
    Kernel kernel;
    bool (*runs)();
};

const std::array kChoices{
    Choice{{"portable", &portable::accumulate, &portable::finish, &portable::activate},
           [] { return true; }},
#ifdef TAVLA_X86_KERNELS
    Choice{{"avx2", &avx2::accumulate, &avx2::finish, &avx2::activate},
           [] { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }},
    Choice{{"avx512", &avx512::accumulate, &avx512::finish, &avx512::activate},
           [] {
               return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") &&
                      __builtin_cpu_supports("fma");
           }},
#endif
};

}  // namespace

const Kernel& named(const std::string& name) {
    const Kernel* chosen = nullptr;
    for (const Choice& c : kChoices)
        if (c.runs() && (name == c.kernel.name || name == "auto")) chosen = &c.kernel;
    if (chosen == nullptr) {
        std::string known;
        for (const std::string& k : runnable_names()) known += ", " + k;
        throw Fault("kernel " + quoted(name) + " is not one this machine runs (auto" + known + ")");
    }
    return *chosen;
}

std::vector<std::string> runnable_names() {
    std::vector<std::string> names;
    for (const Choice& c : kChoices)
        if (c.runs()) names.emplace_back(c.kernel.name);
    return names;
}

}  // namespace tavla::net_kernel
