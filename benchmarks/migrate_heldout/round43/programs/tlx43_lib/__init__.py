# TensorLayer-0.x style helpers (files / prepro) kept locally by a news-classification project
from . import files
from . import prepro
