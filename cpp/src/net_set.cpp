#include "tavla/net_set.hpp"

#include <utility>
#include <vector>

#include "tavla/fault.hpp"

namespace tavla {

NetSet::NetSet(NetSetMembers members, Classifier classifier)
    : members_(std::move(members)), classifier_(classifier) {
    classifier_.check();
    for (int c = 0; c < kPositionClasses; ++c)
        if (!members_[std::size_t(c)])
            throw Fault(std::string("a net set needs a member for the class ") +
                        position_class_name(PositionClass(c)));
}

void NetSet::evaluate(const Board* boards, std::size_t count, Probabilities* out) const {
    for (std::size_t i = 0; i < count; ++i)
        member(classifier_.classify(boards[i])).evaluate(&boards[i], 1, &out[i]);
}

void NetSet::evaluate_results(const Board& before, const Board* results, std::size_t count,
                              Probabilities* out) const {
    // A class does not depend on the side on roll: a result is classified as it stands. Each
    // member is given its results together, so that a net values them by the difference from
    // `before` (a batch of every roll's plays often holds a few that break contact, say).
    thread_local std::vector<const Evaluator*> judge;
    judge.assign(count, nullptr);
    const Evaluator* shared = nullptr;
    bool mixed = false;
    for (std::size_t i = 0; i < count; ++i) {
        if (results[i].mover()[kOff] == kCheckers) continue;
        judge[i] = &member(classifier_.classify(results[i]));
        if (shared == nullptr) shared = judge[i];
        mixed = mixed || judge[i] != shared;
    }
    // Every play ends the game: any member scores them exactly.
    if (shared == nullptr) shared = members_[0].get();
    if (!mixed) {
        shared->evaluate_results(before, results, count, out);
        return;
    }
    thread_local std::vector<Board> some;
    thread_local std::vector<Probabilities> their;
    thread_local std::vector<std::size_t> where;
    for (std::size_t i = 0; i < count; ++i)
        if (judge[i] == nullptr) out[i] = finished_probabilities(results[i]);
    for (std::size_t first = 0; first < count; ++first) {
        const Evaluator* next = judge[first];
        if (next == nullptr) continue;
        some.clear();
        where.clear();
        for (std::size_t i = first; i < count; ++i)
            if (judge[i] == next) {
                some.push_back(results[i]);
                where.push_back(i);
                judge[i] = nullptr;
            }
        their.resize(some.size());
        next->evaluate_results(before, some.data(), some.size(), their.data());
        for (std::size_t k = 0; k < where.size(); ++k) out[where[k]] = their[k];
    }
}

}  // namespace tavla
