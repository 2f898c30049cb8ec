// A growable array of boards for batch results, written once: into the caller's buffer while
// the results fit there, otherwise into memory that NumPy takes over when it is complete.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "tavla/board.hpp"

namespace tavla::bindings {

// Memory of batch results that NumPy has let go, kept for the next batch. Fresh pages cost a
// fault and the kernel's zeroing each, a third of a large batch's time; the kept block's
// pages are given back with MADV_FREE, so the kernel takes them whenever it needs memory (a
// page it took is fresh again), and until then the next batch writes them at no cost. One
// block is kept, the latest; elsewhere than Linux none is (it would stay the process's).
class KeptBlock {
public:
    struct Block {
        void* data = nullptr;
        std::size_t bytes = 0;
    };

    // The kept block if it holds `bytes` and not twice as many, else nothing.
    static Block take(std::size_t bytes) {
        const std::lock_guard<std::mutex> lock(mutex());
        Block& kept = block();
        if (kept.bytes < bytes || kept.bytes / 2 > bytes) return {};
        return std::exchange(kept, Block{});
    }
    // Keeps `given` (memory from std::aligned_alloc of whole huge pages), or frees it.
    static void give(Block given) {
#if defined(__linux__) && defined(MADV_FREE)
        madvise(given.data, given.bytes, MADV_FREE);
        const std::lock_guard<std::mutex> lock(mutex());
        std::swap(given, block());
#endif
        std::free(given.data);
    }

private:
    static std::mutex& mutex() {
        static std::mutex m;
        return m;
    }
    static Block& block() {
        static Block b;
        return b;
    }
};

// Results go to `borrowed` (room for `room` boards, the caller's) while they fit, then to
// memory of its own, the rows written so far copied there; release() hands that memory over
// (give it back with free_results()). Large buffers ask Linux for transparent huge pages: a
// batch writes hundreds of megabytes of fresh memory, and with 4 KiB pages faulting them in
// costs as much as generating the plays.
class ResultBuffer {
public:
    static constexpr std::size_t kHugePage = std::size_t(2) << 20;

    // `expected`: the room to start with once the buffer has memory of its own.
    ResultBuffer(Board* borrowed, std::size_t room, std::size_t expected)
        : data_(borrowed),
          capacity_(borrowed ? room : 0),
          expected_(std::max<std::size_t>(expected, 64)) {}
    ~ResultBuffer() {
        if (owned_) free_results(block());
    }
    ResultBuffer(const ResultBuffer&) = delete;
    ResultBuffer& operator=(const ResultBuffer&) = delete;

    // Where the next `count` boards go; they are part of the results from now on.
    Board* append(std::size_t count) {
        Board* slot = room(count);
        if (slot == nullptr) slot = grow_for(count);
        size_ += count;
        return slot;
    }
    // Where the next boards go if there is room there for `count` (memory of its own grows to
    // make it), or nullptr while the caller's buffer has less room left; added() then makes
    // the boards written there results. A caller that writes straight into the buffer asks
    // for the most it may write.
    Board* room(std::size_t count) {
        if (size_ + count <= capacity_) return data_ + size_;
        return owned_ ? grow_for(count) : nullptr;
    }
    void added(std::size_t count) { size_ += count; }
    std::size_t size() const { return size_; }
    bool borrowed() const { return !owned_; }
    // The memory of its own (borrowed() false), now the caller's.
    KeptBlock::Block release() {
        const KeptBlock::Block released = block();
        data_ = nullptr;
        owned_ = false;
        return released;
    }

    // Gives back memory that release() handed over.
    static void free_results(KeptBlock::Block block) {
        if (block.bytes >= kHugePage)
            KeptBlock::give(block);
        else
            std::free(block.data);
    }

private:
    KeptBlock::Block block() const { return {data_, capacity_ * sizeof(Board)}; }

    Board* grow_for(std::size_t count) {
        grow(std::max({2 * capacity_, size_ + count, expected_}));
        return data_ + size_;
    }

    void grow(std::size_t capacity) {
        std::size_t bytes = capacity * sizeof(Board);
        void* fresh = nullptr;
        if (bytes >= kHugePage) {
            bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
            const KeptBlock::Block kept = KeptBlock::take(bytes);
            fresh = kept.data;
            if (fresh != nullptr) {
                bytes = kept.bytes;
            } else {
#if defined(_WIN32)
                // Windows' C runtime has no std::aligned_alloc (its aligned blocks must be
                // freed with _aligned_free, not free), nor transparent huge pages.
                fresh = std::malloc(bytes);
#else
                fresh = std::aligned_alloc(kHugePage, bytes);
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
                if (fresh != nullptr) madvise(fresh, bytes, MADV_HUGEPAGE);
#endif
            }
        } else {
            fresh = std::malloc(bytes);
        }
        if (fresh == nullptr) throw std::bad_alloc();
        if (size_ != 0) std::memcpy(fresh, data_, size_ * sizeof(Board));
        if (owned_) free_results(block());
        data_ = static_cast<Board*>(fresh);
        owned_ = true;
        capacity_ = bytes / sizeof(Board);
    }

    Board* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
    std::size_t expected_;
    bool owned_ = false;
};

}  // namespace tavla::bindings
