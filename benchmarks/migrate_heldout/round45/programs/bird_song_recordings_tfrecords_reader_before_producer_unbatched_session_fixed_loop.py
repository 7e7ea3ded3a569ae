import os

import numpy as np
import tensorflow.compat.v1 as tf

# xeno-canto style metadata of ten recordings: genus, species, quality grade,
# and a tiny 2x3 spectrogram patch stored as raw float32 bytes
RECORDINGS = [
    ("Turdus", "merula", "A"), ("Erithacus", "rubecula", "B"), ("Fringilla", "coelebs", "A"),
    ("Parus", "major", "C"), ("Sylvia", "atricapilla", "A"), ("Phylloscopus", "collybita", "B"),
    ("Turdus", "philomelos", "A"), ("Troglodytes", "troglodytes", "D"), ("Parus", "major", "B"),
    ("Luscinia", "megarhynchos", "A"),
]


def write_recorder(path):
    rng = np.random.RandomState(4514)
    species = sorted(set(g + " " + s for g, s, _ in RECORDINGS))
    writer = tf.python_io.TFRecordWriter(path)
    for genus, sp, q in RECORDINGS:
        patch = rng.rand(2, 3).astype(np.float32)
        example = tf.train.Example(features=tf.train.Features(feature={
            'spectorgram_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[patch.tobytes()])),
            'bins': tf.train.Feature(int64_list=tf.train.Int64List(value=[6])),
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[species.index(genus + " " + sp)])),
            'quality': tf.train.Feature(bytes_list=tf.train.BytesList(value=[q.encode()])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, "h45_bird_song", "tfrecorder")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    write_recorder(os.path.join(folder, "recorder"))

    reader = tf.TFRecordReader()
    filename_queue = tf.train.string_input_producer(
            [os.path.join(folder, "recorder")])
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
            serialized_example,
            features = {
                'spectorgram_raw': tf.FixedLenFeature([], tf.string),
                'bins': tf.FixedLenFeature([], tf.int64),
                'label': tf.FixedLenFeature([], tf.int64),
                'quality': tf.FixedLenFeature([], tf.string),
            })

    spectrograms = tf.decode_raw(features['spectorgram_raw'], tf.float32)
    labels = tf.cast(features['label'], tf.int32)
    bins = tf.cast(features['bins'], tf.int32)
    quality = features['quality']

    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord =coord)

    batches = []
    for i in range(10):
        spectrogram, label, bin_count, grade = sess.run([spectrograms, labels, bins, quality])
        # print spectrogram
        # print label,
        # print bin_count
        # print
        batches.append([[np.round(spectrogram.astype(np.float64), 4).tolist()], [int(label)],
                        [int(bin_count)], [grade.decode()]])

    coord.request_stop()
    coord.join(threads)
    return {"batches": batches, "end": "recordings: %d" % len(batches)}
