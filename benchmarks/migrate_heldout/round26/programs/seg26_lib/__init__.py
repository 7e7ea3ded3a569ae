from seg26_lib.image_reader import ImageReader  # noqa: F401
