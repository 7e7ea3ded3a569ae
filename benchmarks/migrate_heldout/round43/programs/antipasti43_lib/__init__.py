# Pieces of an "antipasti"-style Theano/TensorFlow wrapper (backend, pykit, FeederRunner) as vendored
# by a TV-ratings project.
