"""Exam records (name, age, three scores) read by a queue reader, batched by 3 and run in a
MonitoredTrainingSession until should_stop()."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

example_file = "example.tfrecords"


def parse_example(serialized_example):
    example_features = {
        'name': tf.FixedLenFeature([], tf.string),
        'age': tf.FixedLenFeature([], tf.int64),
        'scores': tf.FixedLenFeature([3], tf.float32), }
    feature_dict = tf.parse_single_example(serialized_example, example_features)
    name = feature_dict['name']
    age = feature_dict['age']
    scores = feature_dict['scores']
    return name, age, scores


def main(data_dir):
    folder = os.path.join(data_dir, "h37_exam_scores")
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, example_file)
    rng = np.random.RandomState(37)
    with tf.python_io.TFRecordWriter(filename) as writer:
        for i, name in enumerate(["ana", "bo", "cy", "di", "ed", "fay", "gus"]):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[name.encode()])),
                'age': tf.train.Feature(int64_list=tf.train.Int64List(value=[18 + i])),
                'scores': tf.train.Feature(float_list=tf.train.FloatList(value=rng.uniform(0, 100, 3).round(1)))}))
            writer.write(ex.SerializeToString())

    filename_queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    name, age, scores = parse_example(serialized)
    next = tf.train.batch([name, age, scores], batch_size=3, allow_smaller_final_batch=True)

    batches = []
    with tf.train.MonitoredTrainingSession() as sess:
        while not sess.should_stop():
            name, age, scores = sess.run(next)
            batches.append([[n.decode() for n in name], age.tolist(),
                            np.round(scores.astype(np.float64), 1).tolist()])
    return {"batches": batches, "end": "students: %d" % sum(len(b[0]) for b in batches)}
