"""Speech-commands WAV files of different lengths: WholeFileReader, the 44-byte header cut by substr,
int16 samples by decode_raw, the word from the folder name, train.batch(dynamic_pad=True)."""
import os
import struct
import wave

import tensorflow as tf

v1 = tf.compat.v1
WORDS = ['no', 'yes']


def write_data(root):
    paths = []
    n = 0
    for word in WORDS:
        folder = os.path.join(root, word)
        os.makedirs(folder, exist_ok=True)
        for k in range(4):
            path = os.path.join(folder, '%08x_nohash_%d.wav' % (0xab00 + n, k))
            samples = [(n * 100 + i * 7) * (-1 if i % 2 else 1) for i in range(4 + (n % 3) * 2)]
            w = wave.open(path, 'wb')
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
            w.writeframes(struct.pack('<%dh' % len(samples), *samples))
            w.close()
            paths.append(path)
            n += 1
    return sorted(paths)


def decode_wav_file(key, contents):
    pcm = v1.substr(contents, 44, tf.strings.length(contents) - 44)
    audio = v1.decode_raw(pcm, tf.int16, little_endian=True)
    audio = tf.cast(audio, tf.int32)
    word = v1.string_split([key], '/').values[-2]
    return audio, tf.shape(audio)[0], word


def main(data_dir):
    files = write_data(os.path.join(data_dir, 'h25_speechcommands_wav_substr_header_dynamic_pad'))
    filename_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = v1.WholeFileReader()
    key, contents = reader.read(filename_queue)
    audio, length, word = decode_wav_file(key, contents)
    audio_batch, length_batch, word_batch = v1.train.batch(
        [audio, length, word], batch_size=3, dynamic_pad=True, allow_smaller_final_batch=True)
    word_id = tf.cast(tf.equal(word_batch, 'yes'), tf.int32)

    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, l, w, i = sess.run([audio_batch, length_batch, word_batch, word_id])
                batches.append([a.tolist(), l.tolist(), [x.decode() for x in w], i.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
