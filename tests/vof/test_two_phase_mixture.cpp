// constant/transportProperties of interFoam: the two phases, their
// properties, sigma in both of OpenFOAM's forms, and the mixture formulas.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "sluice/core/error.hpp"
#include "sluice/vof/two_phase_mixture.hpp"
#include "support/temp_dir.hpp"

namespace sluice {
namespace {

using ::testing::HasSubstr;

vof::TwoPhaseMixture readMixture(const std::string& body) {
  test::TempDir dir("mixture");
  dir.write("constant/transportProperties",
            "FoamFile { version 2.0; format ascii; class dictionary; object transportProperties; }\n" + body);
  return vof::TwoPhaseMixture::read(dir.path());
}

const std::string kPhases =
    "phases (water air);\nwater { transportModel Newtonian; nu 1e-06; rho 1000; }\n"
    "air { transportModel Newtonian; nu [0 2 -1 0 0 0 0] 1.48e-05; rho 1; }\n";

TEST(TwoPhaseMixture, ReadsPhasesAndMixesAsOpenFoam) {
  const vof::TwoPhaseMixture m = readMixture(kPhases + "sigma 0.07;\n");
  EXPECT_EQ(m.alpha1Name(), "alpha.water");
  EXPECT_EQ(m.phase2().name, "air");
  EXPECT_DOUBLE_EQ(m.sigma(), 0.07);
  EXPECT_DOUBLE_EQ(m.rho(0.25), 0.25 * 1000 + 0.75 * 1);
  EXPECT_DOUBLE_EQ(m.mu(0.25), 0.25 * 1000 * 1e-6 + 0.75 * 1 * 1.48e-5);
  EXPECT_DOUBLE_EQ(m.nu(0.25), m.mu(0.25) / m.rho(0.25));
  // The viscosity uses alpha limited to [0, 1], the density does not.
  EXPECT_DOUBLE_EQ(m.mu(1.2), m.mu(1.0));
  EXPECT_DOUBLE_EQ(m.nu(-0.1), 1.48e-5);
  EXPECT_DOUBLE_EQ(m.rho(1.1), 1.1 * 1000 - 0.1);
}

TEST(TwoPhaseMixture, SigmaAsAConstantSurfaceTensionModel) {
  EXPECT_DOUBLE_EQ(readMixture(kPhases + "sigma { type constant; sigma 0.03; }\n").sigma(), 0.03);
  EXPECT_DOUBLE_EQ(readMixture(kPhases + "sigma [1 0 -2 0 0 0 0] 0.05;\n").sigma(), 0.05);
}

TEST(TwoPhaseMixture, BadInputNamesFileAndEntry) {
  auto message = [](const std::string& body) {
    try {
      readMixture(body);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(message("phases (water air);\nwater { transportModel Newtonian; nu 1e-06; rho 1000; }\nsigma 0.07;\n"),
              HasSubstr("constant/transportProperties: missing the entry of phase 'air'"));
  EXPECT_THAT(message("phases (water oil air);\n"), HasSubstr("phases must name exactly two phases, found 3"));
  EXPECT_THAT(message(kPhases), HasSubstr("missing 'sigma'"));
  EXPECT_THAT(message(kPhases + "sigma { type temperatureDependent; sigma 0.07; }\n"),
              HasSubstr("'temperatureDependent' is not supported (supported: constant)"));
  EXPECT_THAT(message("phases (water air);\nwater { transportModel BirdCarreau; nu 1e-06; rho 1000; }\n"
                      "air { transportModel Newtonian; nu 1.48e-05; rho 1; }\nsigma 0.07;\n"),
              HasSubstr("'BirdCarreau' is not supported (supported: Newtonian)"));
  EXPECT_THAT(message("phases (water air);\nwater { transportModel Newtonian; nu 1e-06; rho -1000; }\n"
                      "air { transportModel Newtonian; nu 1.48e-05; rho 1; }\nsigma 0.07;\n"),
              HasSubstr("rho must be positive"));
}

}  // namespace
}  // namespace sluice
