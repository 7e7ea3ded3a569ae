"""Runner helpers another module calls: each starts the graph's queue runners by hand."""
import tensorflow.compat.v1 as tf


def start_all(sess, coord):
    """Starts every runner of the QUEUE_RUNNERS collection; returns their threads."""
    threads = []
    for runner in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
        threads += runner.create_threads(sess, coord=coord, start=True)
    return threads


def start_quietly(sess, coord):
    for runner in tf.get_collection("queue_runners"):
        runner.create_threads(sess, coord=coord, daemon=True, start=True)
