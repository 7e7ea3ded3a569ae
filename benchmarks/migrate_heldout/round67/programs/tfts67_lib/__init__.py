"""A vendored slice of tf.contrib.timeseries (readers and input functions), kept when contrib went away."""
