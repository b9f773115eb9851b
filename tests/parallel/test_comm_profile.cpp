// CommProfile on one process (no MPI): counters, regions, per-step figures,
// the one-rank summary, its table and JSON.
#include "sluice/parallel/comm_profile.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "support/temp_dir.hpp"

namespace sluice::parallel {
namespace {

TEST(CommProfile, OpNamesCoverEveryOp) {
  EXPECT_EQ(mpiOpName(MpiOp::Allreduce), "Allreduce");
  EXPECT_EQ(mpiOpName(MpiOp::StartRecv), "StartRecv");
  EXPECT_EQ(mpiOpName(MpiOp::Abort), "Abort");
  EXPECT_EQ(mpiOpName(MpiOp::Alltoall), "Alltoall");
  EXPECT_EQ(mpiOpName(MpiOp::Scatter), "Scatter");
  EXPECT_FALSE(isForbiddenOp(MpiOp::Abort));
  EXPECT_TRUE(isForbiddenOp(MpiOp::Alltoall));
  EXPECT_TRUE(isForbiddenOp(MpiOp::Scatter));
}

TEST(CommProfile, RecordAddsCallsBytesSeconds) {
  CommProfile p;
  p.record(MpiOp::Allreduce, 24, 0.5);
  p.record(MpiOp::Allreduce, 8, 0.25);
  p.record(MpiOp::Isend, 100, 0);
  EXPECT_EQ(p.op(MpiOp::Allreduce).calls, 2u);
  EXPECT_EQ(p.op(MpiOp::Allreduce).bytes, 32u);
  EXPECT_DOUBLE_EQ(p.op(MpiOp::Allreduce).seconds, 0.75);
  EXPECT_EQ(p.op(MpiOp::Isend).bytes, 100u);
  EXPECT_EQ(p.op(MpiOp::Barrier).calls, 0u);
  p.reset();
  EXPECT_EQ(p.op(MpiOp::Allreduce).calls, 0u);
}

TEST(CommProfile, RegionIdsAreStable) {
  CommProfile p;
  const RegionId halo = p.region("halo");
  const RegionId solve = p.region("solve");
  EXPECT_EQ(p.region("halo"), halo);
  EXPECT_NE(halo, solve);
  EXPECT_EQ(p.regions().size(), 2u);
  EXPECT_EQ(p.regions()[solve.index].name, "solve");
  EXPECT_THROW(p.enter(RegionId{7}), Error);
}

TEST(CommProfile, NestedAndRecursiveRegions) {
  CommProfile p;
  const RegionId outer = p.region("outer");
  {
    ScopedRegion a(p, outer);
    {
      ScopedRegion b(p, "inner");
      ScopedRegion again(p, outer);  // re-entered while active: counted, timed once
    }
    EXPECT_EQ(p.regions()[outer.index].depth, 1);
  }
  EXPECT_EQ(p.regions()[outer.index].depth, 0);
  EXPECT_EQ(p.regions()[outer.index].calls, 2u);
  EXPECT_EQ(p.regions()[1].name, "inner");
  EXPECT_EQ(p.regions()[1].calls, 1u);
  EXPECT_GE(p.regions()[outer.index].seconds, p.regions()[1].seconds);  // inclusive
}

TEST(CommProfile, NullProfileRegionIsANoOp) {
  CommProfile* none = nullptr;
  ScopedRegion r(none, "anything");
  OpTimer t(none, MpiOp::Allreduce, 8);
  SUCCEED();
}

TEST(CommProfile, PerStepFigures) {
  CommProfile p;
  p.record(MpiOp::Bcast, 10, 0);  // start-up, outside steps
  for (int calls : {2, 4, 6}) {
    p.beginStep();
    for (int i = 0; i < calls; ++i) p.record(MpiOp::Allreduce, 8, 0);
    p.endStep();
  }
  EXPECT_EQ(p.steps(), 3);
  EXPECT_EQ(p.op(MpiOp::Allreduce).calls, 12u);
  EXPECT_EQ(p.opInSteps(MpiOp::Allreduce).calls, 12u);
  EXPECT_EQ(p.opInSteps(MpiOp::Allreduce).bytes, 96u);
  EXPECT_EQ(p.maxCallsInStep(MpiOp::Allreduce), 6u);
  EXPECT_EQ(p.op(MpiOp::Bcast).calls, 1u);
  EXPECT_EQ(p.opInSteps(MpiOp::Bcast).calls, 0u);

  const ProfileSummary s = p.localSummary();
  EXPECT_EQ(s.ranks, 1);
  EXPECT_EQ(s.steps, 3);
  EXPECT_EQ(s.op(MpiOp::Allreduce).callsPerStep.mean, 4.0);
  EXPECT_EQ(s.op(MpiOp::Allreduce).bytesPerStep.max, 32.0);
  EXPECT_EQ(s.op(MpiOp::Allreduce).maxCallsInStep.min, 6.0);
  EXPECT_EQ(s.op(MpiOp::Bcast).callsPerStep.mean, 0.0);
  EXPECT_EQ(s.ops.size(), kMpiOpCount);
}

TEST(CommProfile, StepsDoNotNest) {
  CommProfile p;
  EXPECT_THROW(p.endStep(), Error);
  p.beginStep();
  try {
    p.beginStep();
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "CommProfile::beginStep: the previous step was not ended (steps do not nest)");
  }
  p.endStep();
  EXPECT_EQ(p.steps(), 1);
}

// Spends a little wall time (a phase must have taken some time for the
// checks below; no figure is compared with a duration).
void spin() {
  const auto until = CommProfile::Clock::now() + std::chrono::microseconds(200);
  while (CommProfile::Clock::now() < until) {
  }
}

TEST(CommProfile, PhasesAreExclusiveAndAddUpToTheStepTime) {
  CommProfile p;
  {
    ScopedPhase outside(p, Phase::Output);  // before any step: not counted
    spin();
  }
  p.beginStep();
  {
    ScopedPhase assembly(p, Phase::Assembly);
    spin();
    {
      ScopedPhase gradients(p, Phase::GradientsFluxes);  // nested: the assembly clock stops
      spin();
    }
    spin();
  }
  {
    ScopedPhase solve(&p, Phase::LinearSolves);
    spin();
  }
  spin();  // in no phase: "other"
  p.endStep();
  const ProfileSummary s = p.localSummary();
  EXPECT_EQ(s.phaseSeconds[static_cast<std::size_t>(Phase::Output)].max, 0.0);
  EXPECT_EQ(s.phaseSeconds[static_cast<std::size_t>(Phase::FunctionObjects)].max, 0.0);
  for (Phase used : {Phase::Assembly, Phase::GradientsFluxes, Phase::LinearSolves})
    EXPECT_GT(s.phaseSeconds[static_cast<std::size_t>(used)].max, 0.0) << phaseName(used);
  EXPECT_GT(s.otherSeconds.max, 0.0);
  double sum = s.otherSeconds.max;
  for (const RankStat& t : s.phaseSeconds) sum += t.max;
  EXPECT_NEAR(sum, s.stepSeconds.max, 1e-12 * s.stepSeconds.max);
  const std::string t = s.table();
  EXPECT_NE(t.find("gradients and fluxes"), std::string::npos) << t;
  EXPECT_NE(t.find("other (not attributed)"), std::string::npos) << t;
  EXPECT_NE(s.json().find("\"stepBreakdown\""), std::string::npos);
  EXPECT_THROW(p.leavePhase(), Error);
  { ScopedPhase none(nullptr, Phase::Assembly); }  // a null profile: no-op
}

TEST(CommProfile, TableListsUsedOpsAndUnusedForbiddenOnes) {
  CommProfile p;
  p.record(MpiOp::Allreduce, 24, 0.001);
  { ScopedRegion r(p, "halo"); }
  const std::string t = p.localSummary().table();
  EXPECT_NE(t.find("Communication profile: 1 rank, 0 time steps"), std::string::npos) << t;
  EXPECT_NE(t.find("Allreduce"), std::string::npos) << t;
  EXPECT_NE(t.find("halo"), std::string::npos) << t;
  EXPECT_EQ(t.find("Waitall"), std::string::npos) << t;  // unused, not forbidden: omitted
  EXPECT_NE(t.find("Not called on any rank: Alltoall, Probe, Barrier, Send, Recv, Gather, Scatter"),
            std::string::npos)
      << t;
}

TEST(CommProfile, JsonParsesAndEscapesNames) {
  CommProfile p;
  { ScopedRegion r(p, "a \"quoted\"\\name\n"); }
  p.beginStep();
  p.record(MpiOp::Iallreduce, 16, 0.002);
  p.endStep();
  const test::TempDir dir("profile");
  const auto file = dir.path() / "profile.json";
  p.localSummary().writeJson(file);
  const std::string check = fmt::format(
      "python3 -c \"import json,sys; d=json.load(open(sys.argv[1])); "
      "assert d['ranks']==1 and d['steps']==1; "
      "assert d['regions'][0]['name']=='a '+chr(34)+'quoted'+chr(34)+chr(92)+'name'+chr(10), d['regions']; "
      "assert d['mpi']['Iallreduce']['bytes']=={{'min':16,'mean':16,'max':16}}; "
      "assert len(d['mpi'])=={}\" '{}'",
      kMpiOpCount, file.string());
  EXPECT_EQ(std::system(check.c_str()), 0) << check << "\n" << p.localSummary().json();
}

TEST(CommProfile, UnwritableJsonIsAnInputError) {
  CommProfile p;
  try {
    p.localSummary().writeJson("/nonexistent-sluice-dir/x.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent-sluice-dir/x.json: cannot open the profile file for writing");
  }
}

}  // namespace
}  // namespace sluice::parallel
