// TAVLA_HOT_INLINE: a function run for every move tried or play scored, which must be inlined
// into its caller's loop so that the loop's state stays in registers (movegen's search,
// pubeval's ranking of a roll's plays).
#pragma once

#if defined(__GNUC__)
#define TAVLA_HOT_INLINE __attribute__((always_inline)) inline
#elif defined(_MSC_VER)
#define TAVLA_HOT_INLINE __forceinline
#else
#define TAVLA_HOT_INLINE inline
#endif
