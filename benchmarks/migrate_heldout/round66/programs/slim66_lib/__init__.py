"""A small vendored copy of the parts of TF-Slim's data package (tf.contrib.slim.data) that the programs of this
folder use: contrib.slim is not part of the TensorFlow these programs run under."""
