"""A batch helper indexing its tuple, building the dict with ``dict(...)``, shuffled, nothing popped."""
import tensorflow as tf1
tf = tf1.compat.v1


def shuffled_input(data, size, seed):
    feats = data[0]
    target = data[1]
    merged = dict(feats, target=target)
    out = tf.train.shuffle_batch(merged, batch_size=size, capacity=20, min_after_dequeue=5, seed=seed,
                                 allow_smaller_final_batch=True)
    return out
