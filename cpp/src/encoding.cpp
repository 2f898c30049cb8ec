#include "tavla/encoding.hpp"

#include <algorithm>

#include "tavla/fault.hpp"

namespace tavla {
namespace {

struct Writer {
    SparseInputs& out;
    void put(int index, float value) {
        if (value == 0.0f) return;
        out.index[std::size_t(out.count)] = std::uint16_t(index);
        out.value[std::size_t(out.count)] = value;
        ++out.count;
    }
    // Tesauro's truncated unary units of a count: n >= 1, n >= 2, n >= 3, (n - 3) / 2.
    void cumulative(int base, int n) {
        put(base, n >= 1 ? 1.0f : 0.0f);
        put(base + 1, n >= 2 ? 1.0f : 0.0f);
        put(base + 2, n >= 3 ? 1.0f : 0.0f);
        put(base + 3, n > 3 ? float(n - 3) * 0.5f : 0.0f);
    }
};

// Bit p - 1 set: the side has a checker on point p (1..24).
std::uint32_t occupied(const std::int8_t* row) {
    return at_least(eight_counts(row + 1, false), 1) |
           at_least(eight_counts(row + 9, false), 1) << 8 |
           at_least(eight_counts(row + 17, false), 1) << 16;
}

// The occupied points of a side in increasing order: f(point, count) for each.
template <typename F>
void each_point(const std::int8_t* row, F f) {
    for (std::uint32_t mask = occupied(row); mask != 0; mask &= mask - 1) {
        const int p = highest_bit(mask & (0u - mask)) + 1;
        f(p, int(row[p]));
    }
}

// One side's 98 td198 units from `base`: 4 per point 1..24, the bar / 2, borne off / 15. The
// nonzero units of a point are a prefix of its four (1, 1, 1, (n - 3) / 2): all four are
// written and as many kept as are nonzero.
void td_side(Writer& w, const std::int8_t* row, int base) {
    SparseInputs& out = w.out;
    each_point(row, [&](int p, int n) {
        const auto at = std::size_t(out.count);
        const auto index = std::uint16_t(base + 4 * (p - 1));
        for (std::size_t u = 0; u < 4; ++u) {
            out.index[at + u] = std::uint16_t(index + u);
            out.value[at + u] = 1.0f;
        }
        out.value[at + 3] = float(n - 3) * 0.5f;
        out.count += std::min(n, 3) + (n > 3 ? 1 : 0);
    });
    w.put(base + 96, float(row[kBar]) * 0.5f);
    w.put(base + 97, float(row[kOff]) / 15.0f);
}

void td198(Writer& w, const Board& b) {
    td_side(w, b.mover(), 0);
    td_side(w, b.opponent(), 98);
    w.put(196, 1.0f);
}

// One side's 100 gnubg200 units from `base`: points 1..24 (n = 1, n = 2, n >= 3 one-hot, then
// (n - 3) / 2), the bar cumulative.
void gnubg_side(Writer& w, const std::int8_t* row, int base) {
    SparseInputs& out = w.out;
    each_point(row, [&](int p, int n) {
        const auto at = std::size_t(out.count);
        out.index[at] = std::uint16_t(base + 4 * (p - 1) + std::min(n, 3) - 1);
        out.value[at] = 1.0f;
        out.index[at + 1] = std::uint16_t(base + 4 * (p - 1) + 3);
        out.value[at + 1] = float(n - 3) * 0.5f;
        out.count += n > 3 ? 2 : 1;
    });
    w.cumulative(base + 96, row[kBar]);
}

void gnubg200(Writer& w, const Board& b) {
    gnubg_side(w, b.opponent(), 0);
    gnubg_side(w, b.mover(), 100);
}

bool made(const std::int8_t* row, int p) { return row[p] >= 2; }

// Whether an opponent checker stands 1 to 6 pips in front of the side's point p: on the
// opponent's numbering, its point 25 - p is reached from 25 - p + d (25 = its bar).
bool exposed(const std::int8_t* other, int p) {
    for (int q = 26 - p; q <= std::min(kBar, 31 - p); ++q)
        if (other[q] > 0) return true;
    return false;
}

// The ten tavla218 features of the side `row` (docs/nets.rst), from `base`.
void features(Writer& w, const std::int8_t* row, const std::int8_t* other, int base) {
    int pips = 25 * row[kBar], home = 0, outfield = 0, back = row[kBar], blots = 0, shots = 0;
    int home_points = 0, anchors = 0, prime = 0, run = 0, rearmost = row[kBar] > 0 ? kBar : 0;
    for (int p = 1; p <= kPoints; ++p) {
        const int n = row[p];
        pips += p * n;
        (p <= 6 ? home : p <= 18 ? outfield : back) += n;
        if (n == 1) {
            ++blots;
            if (exposed(other, p)) ++shots;
        }
        if (n > 0 && rearmost < kBar) rearmost = p;
        run = made(row, p) ? run + 1 : 0;
        prime = std::max(prime, run);
        if (made(row, p) && p <= 6) ++home_points;
        if (made(row, p) && p >= 19) ++anchors;
    }
    w.put(base, float(pips) / 167.0f);
    w.put(base + 1, float(home) / 15.0f);
    w.put(base + 2, float(outfield) / 15.0f);
    w.put(base + 3, float(back) / 15.0f);
    w.put(base + 4, float(blots) / 15.0f);
    w.put(base + 5, float(shots) / 15.0f);
    w.put(base + 6, float(home_points) / 6.0f);
    w.put(base + 7, float(std::min(prime, 6)) / 6.0f);
    w.put(base + 8, float(anchors) / 6.0f);
    w.put(base + 9, float(rearmost) / 25.0f);
}

void tavla218(Writer& w, const Board& b) {
    td_side(w, b.mover(), 0);
    td_side(w, b.opponent(), 98);
    w.put(is_race(b) ? 197 : 196, 1.0f);
    features(w, b.mover(), b.opponent(), 198);
    features(w, b.opponent(), b.mover(), 208);
}

struct Info {
    const char* name;
    int inputs;
};
constexpr std::array<Info, kEncodings> kInfo{{{"td198", 198}, {"gnubg200", 200}, {"tavla218", 218}}};

}  // namespace

const char* encoding_name(Encoding encoding) { return kInfo[std::size_t(encoding)].name; }

int encoding_inputs(Encoding encoding) { return kInfo[std::size_t(encoding)].inputs; }

Encoding encoding_named(const std::string& name) {
    for (int e = 0; e < kEncodings; ++e)
        if (name == kInfo[std::size_t(e)].name) return Encoding(e);
    throw Fault("unknown encoding " + quoted(name) + " (known: td198, gnubg200, tavla218)");
}

void encode_sparse(Encoding encoding, const Board& board, SparseInputs& out) {
    out.count = 0;
    Writer w{out};
    switch (encoding) {
        case Encoding::kTd198: td198(w, board); break;
        case Encoding::kGnubg200: gnubg200(w, board); break;
        case Encoding::kTavla218: tavla218(w, board); break;
    }
}

void encode_dense(Encoding encoding, const Board& board, float* out) {
    SparseInputs sparse;
    encode_sparse(encoding, board, sparse);
    std::fill(out, out + encoding_inputs(encoding), 0.0f);
    for (int i = 0; i < sparse.count; ++i)
        out[sparse.index[std::size_t(i)]] = sparse.value[std::size_t(i)];
}

}  // namespace tavla
