// A net set (docs/nets.rst "Net sets"): one evaluator made of an evaluator per position class
// (position_class.hpp), each position judged by the member of its class. Members are shared and
// read-only; one may serve several classes (the race net the bear-offs, say, where the bear-off
// database is not used).
#pragma once

#include <array>
#include <memory>

#include "tavla/evaluator.hpp"
#include "tavla/position_class.hpp"

namespace tavla {

using NetSetMembers = std::array<std::shared_ptr<const Evaluator>, kPositionClasses>;

class NetSet final : public Evaluator {
public:
    // members[c] judges the positions of class c. A Fault when one is missing or the
    // classifier's parameters are bad.
    NetSet(NetSetMembers members, Classifier classifier);

    void evaluate(const Board* boards, std::size_t count, Probabilities* out) const override;

    // The results each member judges are passed to its evaluate_results together (a net's
    // shortcut over the plays of a turn), when they fall in several classes (a play that
    // breaks contact, say) as when they fall in one.
    void evaluate_results(const Board& before, const Board* results, std::size_t count,
                          Probabilities* out) const override;

    const Evaluator& member(PositionClass c) const { return *members_[std::size_t(c)]; }
    const Classifier& classifier() const { return classifier_; }

private:
    NetSetMembers members_;
    Classifier classifier_;
};

}  // namespace tavla
