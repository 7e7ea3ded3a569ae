#coding=utf-8

'''
Reading web-server access logs with the plain reader functions:
a filename queue over two log files, a TextLineReader, and sess.run of one line at a time
until the producer's single epoch runs out.

1, tf.TextLineReader
   Outputs the lines of a file delimited by newlines
   E.g. text files, CSV files, access logs
'''

import os

import tensorflow.compat.v1 as tf

LOGS = {
    'access.log.0': [
        '10.0.0.1 - - [05/Dec/2026:08:00:01 +0000] "GET /index.html HTTP/1.1" 200 512',
        '10.0.0.2 - - [05/Dec/2026:08:00:03 +0000] "GET /cart HTTP/1.1" 302 0',
        '10.0.0.1 - - [05/Dec/2026:08:00:04 +0000] "POST /login HTTP/1.1" 401 87',
        '10.0.0.7 - - [05/Dec/2026:08:00:09 +0000] "GET /img/logo.png HTTP/1.1" 200 2048',
        '10.0.0.3 - - [05/Dec/2026:08:00:12 +0000] "GET /missing HTTP/1.1" 404 153',
    ],
    'access.log.1': [
        '10.0.0.9 - - [05/Dec/2026:08:01:00 +0000] "GET /api/items?page=2 HTTP/1.1" 200 931',
        '10.0.0.2 - - [05/Dec/2026:08:01:02 +0000] "DELETE /api/items/7 HTTP/1.1" 500 44',
        '10.0.0.4 - - [05/Dec/2026:08:01:05 +0000] "GET /robots.txt HTTP/1.1" 200 26',
        '10.0.0.5 - - [05/Dec/2026:08:01:06 +0000] "PUT /api/items/3 HTTP/1.1" 204 0',
    ],
}


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_access_logs', 'data')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    files = []
    for name in sorted(LOGS):
        path = os.path.join(folder, name)
        with open(path, 'w') as f:
            f.write('\n'.join(LOGS[name]) + '\n')
        files.append(path)

    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)

    # "METHOD PATH" between the first pair of quotes, then status and size after it
    request = tf.regex_replace(value, r'^[^"]*"([^"]*)".*$', r'\1')
    method = tf.string_split([request], ' ').values[0]
    path = tf.string_split([request], ' ').values[1]
    tail = tf.regex_replace(value, r'^.*" (\d+) (\d+)$', r'\1 \2')
    status_size = tf.string_to_number(tf.string_split([tail], ' ').values, out_type=tf.int32)
    client = tf.string_split([value], ' ').values[0]

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners()
        num_examples = 0
        try:
            while True:
                s_client, s_method, s_path, s_status = sess.run([client, method, path, status_size])
                print(s_client, s_method, s_path, s_status)
                out.append([[s_client.decode('utf-8')], [s_method.decode('utf-8')],
                            [s_path.decode('utf-8')], [s_status.tolist()]])
            num_examples += 1
        except tf.errors.OutOfRangeError:
            print("There are", num_examples, "examples")
    return {"batches": out, "end": "requests: %d" % len(out)}
