// The one way the core reports a fault in what it was given (a bad board, ID, argument): it
// throws a Fault whose message names the fault. The bindings turn every Fault into Python's
// ValueError in one place (module.cpp). Queries that describe a fault without failing, such
// as board_error(), return its text instead.
#pragma once

#include <stdexcept>
#include <string>

namespace tavla {

class Fault : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace tavla
