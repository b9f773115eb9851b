# Read by ctest after the discovered GoogleTest tests of sluice_solvers_tests
# (tests/CMakeLists.txt adds it to TEST_INCLUDE_FILES): tests that start
# `sluice run --np 2` or more reserve two processors, so `ctest -j 2` does not
# run another test beside them on a two-core machine.
set_tests_properties(
    CavityVerification.Re100CentrelinesMatchGhia1982On129x129
    CavityVerification.ExampleCaseRunsAtTwoRanksWithVtkAndCentrelines
    CavityParallelConsistency.ScotchAt2To4RanksMatchesSerial
    CavityParallelConsistency.SimpleAt2To4RanksMatchesSerial
    CavityPpcg.SameSolutionAsPcgAndOneIallreducePerIterationAt2Ranks
    CavityPpcg.SameSolutionAsPcgAndOneIallreducePerIterationAt3Ranks
    OpenFoamCavity.SluiceMatchesIcoFoamOnTheUnchangedTutorial
    OpenFoamAgreement.PimpleFoamPlanarContractionOneOuterCorrector
    OpenFoamAgreement.PimpleFoamPlanarContractionOneOuterCorrectorRelaxed
    OpenFoamAgreement.PimpleFoamPlanarContractionThreeOuterCorrectors
    OpenFoamAgreement.PimpleFoamPlanarContractionThreeOuterCorrectorsRelaxed
    OpenFoamAgreement.PimpleFoamPlanarContractionSimplecWithResidualControl
    OpenFoamAgreement.PimpleFoamPlanarPoiseuilleWithItsFvOptions
    OpenFoamAgreement.PimpleFoamChannelDrivenByMeanVelocityForce
    OpenFoamAgreement.IcoFoamSlipWallAndSymmetryPlane
    OpenFoamAgreement.PimpleFoamSlipWallAndSymmetryPlane
    OpenFoamAgreement.PimpleFoamInletOutletOutlet
    OpenFoamAgreement.PimpleFoamFixedFluxPressureWithSimplec
    DamBreakColumn.SurgeFrontFollowsMartinAndMoyce
    Ranks/RestartRanks.IcoFoamBackwardContinuesBitForBitAfterSigterm/np2
    Ranks/RestartRanks.IcoFoamBackwardContinuesBitForBitAfterSigterm/np3
    Ranks/RestartRanks.InterFoamContinuesBitForBitAfterSigterm/np2
    Ranks/RestartRanks.InterFoamContinuesBitForBitAfterSigterm/np3
    Restart.SnapshotOfTwoRanksContinuesAtOneAndThreeRanks
    Restart.RankKilledWhileWritingLeavesThePreviousSnapshot
    Restart.FullDiskIsOneErrorAndKeepsThePreviousSnapshot
    Ranks/InterFoamDamBreak.AlphaAndFrontAgreeWithOpenFoamAtPointOneSeconds/np1
    Ranks/InterFoamDamBreak.AlphaAndFrontAgreeWithOpenFoamAtPointOneSeconds/np2
    RunOpenFoamHabits.MpirunWithDashParallel
    Ranks/RunLogRanks.RedirectedLogIsPlainOpenFoamText/np3
    Ranks/RunLogRanks.QuietLogHasOnlyProgressLines/np3
    Ranks/RunLogRanks.SolverInfoAndRunInfoHaveOneRowPerStep/np3
    Ranks/RunLogRanks.AWarningIsPrintedOnceWhateverTheRankCount/np3
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/distribute_np2
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/distribute_np3
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/fvmesh_np2
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/fvmesh_np3
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/solver_np2
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/solver_np3
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/step_np2
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/step_np3
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/write_np2
    Stages/CollectiveFailure.OneRankFailingEndsEveryRankWithOneMessage/write_np3
    Ranks/RunMeshCheck.AFaceWithOwnerAndNeighbourSwappedIsRefused/np3
    Ranks/RunMeshCheck.AnOwnerBeyondTheCellsIsRefused/np3
    Ranks/RunMeshCheck.APointAtInfinityIsRefused/np3
    GamgOpenFoam.CavityPressureSolvesTakeOpenFoamsVCycles
    GamgOpenFoam.PitzDailyMeshPressureSolvesTakeOpenFoamsVCycles
    Ranks/RankKilled.OneLineNamesTheRankAndTheSignal/np2
    Ranks/RankKilled.OneLineNamesTheRankAndTheSignal/np3
    RankError.ARanksOwnErrorLineAppearsOnceAtTwoRanks
    RankKilled.SigtermToSluiceStopsEveryRankAfterASnapshot
  PROPERTIES PROCESSORS 2 LABELS "solvers;mpi")
