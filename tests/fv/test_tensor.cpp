#include <gtest/gtest.h>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/fvc_tensor.hpp"
#include "sluice/fv/tensor.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::SerialMesh;

TEST(Tensor, Algebra) {
  const Tensor t = outer(Vec3{1, 2, 3}, Vec3{4, 5, 6});
  EXPECT_EQ(t(1, 2), 12.0);
  EXPECT_EQ(transpose(t)(2, 1), 12.0);
  EXPECT_EQ(trace(t), 4.0 + 10.0 + 18.0);
  const Vec3 d{1, 0, -1};
  EXPECT_EQ(dot(d, t), (Vec3{4 - 12, 5 - 15, 6 - 18}));   // d_i t_ij
  EXPECT_EQ(dot(t, d), (Vec3{4 - 6, 8 - 12, 12 - 18}));   // t_ij d_j
  const Tensor dv = dev2(t);
  EXPECT_DOUBLE_EQ(dv(0, 0), 4 - 2.0 / 3 * 32);
  EXPECT_DOUBLE_EQ(dv(0, 1), 5.0);
  EXPECT_EQ(t.column(2), (Vec3{6, 12, 18}));
}

TEST(Tensor, ViscousStressDivergence) {
  // U = (x^2, 0, 0): grad U (0,0) = 2x; dev2(T(grad U)) diagonal (2x/3, -4x/3, -4x/3);
  // its divergence is (2/3, 0, 0), exact on a uniform mesh away from the boundary.
  SerialMesh m(fvtest::boxMesh(Box(10, 6)));
  auto velocity = [](const Vec3& x) { return Vec3{x.x * x.x, 0, 0}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, velocity);
  fvtest::setCells<Vec3>(U, velocity);
  TensorFieldValues t = fvc::gradField(U);
  // Boundary values: the normal derivative is the condition's. At x = 1 (right) the cell
  // gradient is (1 - (0.85^2 + 0.95^2)/2) / 0.1 = 1.875, the condition's (1 - 0.95^2) / 0.05 = 1.95.
  const Label right = m.mesh.patches()[1].start - m.mesh.nInternalFaces();
  EXPECT_NEAR(t.cells[9](0, 0), 1.875, 1e-12);
  EXPECT_NEAR(t.boundary[right](0, 0), 1.95, 1e-12);
  for (Tensor& c : t.cells) c = dev2(transpose(c));
  for (Tensor& b : t.boundary) b = dev2(transpose(b));
  const field::VolVectorField d = fvc::div(m.mesh, t, "div(dev2(T(grad(U))))");
  EXPECT_EQ(d.name(), "div(dev2(T(grad(U))))");
  for (int j = 0; j < 6; ++j)
    for (int i = 2; i < 8; ++i) {
      EXPECT_NEAR(d[i + 10 * j].x, 2.0 / 3, 1e-10) << i << " " << j;
      EXPECT_NEAR(d[i + 10 * j].y, 0.0, 1e-10);
    }
}

}  // namespace
}  // namespace sluice::fv
