// cellPoint and cell sampling against OpenFOAM's own `sets` function object
// (postProcess) on a graded block mesh with non-linear scalar and vector
// fields and fixedValue boundaries: the values agree to rounding at 1-4
// ranks. Rank 0 runs OpenFOAM; skipped when OpenFOAM is not installed.
#include <gtest/gtest.h>

#include <cmath>

#include <fmt/format.h>

#include "output/mpi/mpi_output_support.hpp"
#include "output/mpi/openfoam_sampling_case.hpp"
#include "output/mpi/sampled_fields.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {
namespace {

namespace fs = std::filesystem;
using test::readRows;
using test::commRank;

double sampledScalar(const Vec3& p) { return std::sin(3 * p.x) + p.y * p.y + p.x * p.z; }
Vec3 sampledVector(const Vec3& p) { return {p.x * p.y, p.z - p.x * p.x, std::cos(2 * p.y)}; }

const Vec3 kStart{0.03, 0.05, 0.02}, kEnd{0.97, 0.77, 0.58};
constexpr int kPoints = 15;

TEST(OpenFoamSamplingMpi, SetsMatchOpenFoamsPostProcess) {
  if (!test::openFoamOnRoot()) GTEST_SKIP() << "OpenFOAM not installed";
  test::SharedTempDir tmp;
  const fs::path dir = tmp.path() / "case";
  const test::BlockCase blockCase{
      "5 4 3", {"cellPoint", "cell"},
      fmt::format("l1 {{ type uniform; axis xyz; start ({} {} {}); end ({} {} {}); nPoints {}; }}", kStart.x, kStart.y,
                  kStart.z, kEnd.x, kEnd.y, kEnd.z, kPoints),
      sampledScalar, sampledVector};
  mesh::PolyMesh global;
  std::string failure;
  ASSERT_TRUE(test::runBlockCase(dir, blockCase, global, failure)) << failure;
  ASSERT_EQ(global.nCells(), 60);

  const test::DistributedCase d = test::distributeCase(global, test::Split::scattered);
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const test::FieldData T = test::evaluate(sm, sampledScalar);
  const test::VectorData U = test::evaluateVector(sm, sampledVector);
  const SampledField fields[2] = {T.view(), U.view()};
  const std::vector<Vec3> pts = test::line(kStart, kEnd, kPoints);

  std::vector<double> cellPointT;
  for (InterpolationScheme scheme : {InterpolationScheme::cellPoint, InterpolationScheme::cell}) {
    PointSampler sampler(sm, pts, scheme, comm);
    const auto ours = sampler.sample(fields);
    if (scheme == InterpolationScheme::cellPoint) cellPointT = ours[0];
    if (commRank() != 0) continue;
    const fs::path out = dir / "postProcessing" / schemeName(scheme) / "0";
    const auto tRows = readRows(out / "l1_T.xy");
    const auto uRows = readRows(out / "l1_U.xy");
    ASSERT_EQ(tRows.size(), static_cast<std::size_t>(kPoints));
    ASSERT_EQ(uRows.size(), static_cast<std::size_t>(kPoints));
    double schemeDifference = 0;
    for (int i = 0; i < kPoints; ++i) {
      ASSERT_EQ(tRows[i].size(), 4u);
      ASSERT_EQ(uRows[i].size(), 6u);
      EXPECT_NEAR(tRows[i][0], pts[i].x, 1e-14);
      EXPECT_NEAR(tRows[i][1], pts[i].y, 1e-14);
      EXPECT_NEAR(tRows[i][2], pts[i].z, 1e-14);
      EXPECT_NEAR(ours[0][i], tRows[i][3], 1e-12) << schemeName(scheme) << " T at point " << i;
      for (int k = 0; k < 3; ++k)
        EXPECT_NEAR(ours[1][3 * i + k], uRows[i][3 + k], 1e-12) << schemeName(scheme) << " U at point " << i;
      schemeDifference = std::max(schemeDifference, std::abs(ours[0][i] - cellPointT[i]));
    }
    // The schemes differ clearly, so the comparison tells them apart.
    if (scheme == InterpolationScheme::cell) {
      EXPECT_GT(schemeDifference, 0.05);
    }
  }
}

}  // namespace
}  // namespace sluice::output
