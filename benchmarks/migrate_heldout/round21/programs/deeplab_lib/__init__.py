from deeplab_lib.image_reader import ImageReader  # noqa: F401
