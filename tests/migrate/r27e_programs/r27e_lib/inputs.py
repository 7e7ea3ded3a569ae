"""InputPipeline: paths and one label list per task (a comprehension over the imported TASKS) through
slice_input_producer, train.batch of ``[image] + sliced[1:]`` under a variable_scope."""
import tensorflow as tf

from r27e_lib.tasks import TASKS

tf1 = tf.compat.v1


class InputPipeline(object):
    def __init__(self, paths, labels, batch_size, preprocess_fn, scope="face_inputs"):
        self.paths = paths
        self.labels = labels
        self.batch_size = batch_size
        self.preprocess_fn = preprocess_fn
        self.scope = scope

    def __call__(self):
        with tf1.variable_scope(self.scope):
            tensors = [tf.constant(self.paths)] + [tf.constant(self.labels[t], tf.int32) for t in TASKS]
            sliced = tf1.train.slice_input_producer(tensors, num_epochs=1, shuffle=False, capacity=8)
            image = tf.image.decode_png(tf1.read_file(sliced[0]), channels=1)
            image = self.preprocess_fn(image)
            batch = tf1.train.batch([image] + sliced[1:], batch_size=self.batch_size, num_threads=1,
                                    shapes=[[3, 3, 1], [], [], []], allow_smaller_final_batch=True)
            return batch[0], dict(zip(TASKS, batch[1:]))
