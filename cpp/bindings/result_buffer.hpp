// A growable array of boards for batch results, written once: into the caller's buffer while
// the results fit there, otherwise into memory that NumPy takes over when it is complete.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "tavla/board.hpp"

namespace tavla::bindings {

// Results go to `borrowed` (room for `room` boards, the caller's) while they fit, then to
// memory of its own, the rows written so far copied there; release() hands that memory over
// (free it with std::free). Large buffers ask Linux for transparent huge pages: a batch writes
// hundreds of megabytes of fresh memory, and with 4 KiB pages faulting them in costs as much
// as generating the plays.
class ResultBuffer {
public:
    // `expected`: the room to start with once the buffer has memory of its own.
    ResultBuffer(Board* borrowed, std::size_t room, std::size_t expected)
        : data_(borrowed),
          capacity_(borrowed ? room : 0),
          expected_(std::max<std::size_t>(expected, 64)) {}
    ~ResultBuffer() {
        if (owned_) std::free(data_);
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
    Board* release() {
        Board* data = data_;
        data_ = nullptr;
        owned_ = false;
        return data;
    }

private:
    static constexpr std::size_t kHugePage = std::size_t(2) << 20;

    Board* grow_for(std::size_t count) {
        grow(std::max({2 * capacity_, size_ + count, expected_}));
        return data_ + size_;
    }

    void grow(std::size_t capacity) {
        std::size_t bytes = capacity * sizeof(Board);
        void* fresh = nullptr;
        if (bytes >= kHugePage) {
            bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
#if defined(_WIN32)
            // Windows' C runtime has no std::aligned_alloc (its aligned blocks must be freed
            // with _aligned_free, not free), nor transparent huge pages.
            fresh = std::malloc(bytes);
#else
            fresh = std::aligned_alloc(kHugePage, bytes);
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
            if (fresh != nullptr) madvise(fresh, bytes, MADV_HUGEPAGE);
#endif
        } else {
            fresh = std::malloc(bytes);
        }
        if (fresh == nullptr) throw std::bad_alloc();
        if (size_ != 0) std::memcpy(fresh, data_, size_ * sizeof(Board));
        if (owned_) std::free(data_);
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
