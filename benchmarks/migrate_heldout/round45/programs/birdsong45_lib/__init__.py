from birdsong45_lib.tfr_manager import BirdsongTFRManager, FEAT_DIM  # noqa: F401
