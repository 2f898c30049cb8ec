// A growable array of boards for batch results that NumPy takes over when it is complete.
#pragma once

#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "tavla/board.hpp"

namespace tavla::bindings {

// Results are written once, straight into memory NumPy then owns (release() hands it over;
// free it with std::free). Large buffers ask Linux for transparent huge pages: a batch writes
// hundreds of megabytes of fresh memory, and with 4 KiB pages faulting them in costs as much
// as generating the plays.
class ResultBuffer {
public:
    explicit ResultBuffer(std::size_t capacity) { grow(capacity < 64 ? 64 : capacity); }
    ~ResultBuffer() { std::free(data_); }
    ResultBuffer(const ResultBuffer&) = delete;
    ResultBuffer& operator=(const ResultBuffer&) = delete;

    void push_back(const Board& board) {
        if (size_ == capacity_) grow(2 * capacity_);
        data_[size_++] = board;
    }
    std::size_t size() const { return size_; }
    Board* release() {
        Board* data = data_;
        data_ = nullptr;
        return data;
    }

private:
    static constexpr std::size_t kHugePage = std::size_t(2) << 20;

    void grow(std::size_t capacity) {
        std::size_t bytes = capacity * sizeof(Board);
        void* fresh = nullptr;
        if (bytes >= kHugePage) {
            bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
            fresh = std::aligned_alloc(kHugePage, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
            if (fresh != nullptr) madvise(fresh, bytes, MADV_HUGEPAGE);
#endif
        } else {
            fresh = std::malloc(bytes);
        }
        if (fresh == nullptr) throw std::bad_alloc();
        if (size_ != 0) std::memcpy(fresh, data_, size_ * sizeof(Board));
        std::free(data_);
        data_ = static_cast<Board*>(fresh);
        capacity_ = bytes / sizeof(Board);
    }

    Board* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

}  // namespace tavla::bindings
