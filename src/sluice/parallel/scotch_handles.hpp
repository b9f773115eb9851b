#pragma once
// What the serial (decompose_scotch) and parallel (share_partition) Scotch
// partitioners share: a status check, and owners of a strategy and of a
// context with its own random generator, fixed seed and deterministic
// algorithms, so the same graph gives the same parts in every run (restarts
// continue bit for bit) whatever Scotch was called for before. Scotch needs
// <cstdio> and <cstdint> before its header.
//
//   ScotchContext context;                   // bind graphs to it (SCOTCH_contextBind[D]graph)
//   ScotchStrategy strategy;
//   checkScotch(SCOTCH_graphPart(...), "SCOTCH_graphPart");   // sluice::Error naming the call
#include <cstdint>
#include <cstdio>

#include <scotch.h>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::parallel {

inline void checkScotch(int status, const char* call) {
  if (status != 0) throw Error(fmt::format("Scotch decomposition: {} failed (error {})", call, status));
}

struct ScotchStrategy {
  SCOTCH_Strat strat;
  ScotchStrategy() { checkScotch(SCOTCH_stratInit(&strat), "SCOTCH_stratInit"); }
  ~ScotchStrategy() { SCOTCH_stratExit(&strat); }
  ScotchStrategy(const ScotchStrategy&) = delete;
  ScotchStrategy& operator=(const ScotchStrategy&) = delete;
};

struct ScotchContext {
  static constexpr SCOTCH_Num kSeed = 1;
  SCOTCH_Context context;
  ScotchContext() {
    checkScotch(SCOTCH_contextInit(&context), "SCOTCH_contextInit");
    checkScotch(SCOTCH_contextRandomClone(&context), "SCOTCH_contextRandomClone");
    checkScotch(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMDETERMINISTIC, 1), "SCOTCH_contextOptionSetNum");
    checkScotch(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1),
                "SCOTCH_contextOptionSetNum");
    SCOTCH_contextRandomSeed(&context, kSeed);
    SCOTCH_contextRandomReset(&context);
  }
  ~ScotchContext() { SCOTCH_contextExit(&context); }
  ScotchContext(const ScotchContext&) = delete;
  ScotchContext& operator=(const ScotchContext&) = delete;
};

}  // namespace sluice::parallel
