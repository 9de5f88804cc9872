// The picture upload's door (/console/pictures, any member whose role may change the target): the
// upload itself (../storage/upload.ts: its checks, R2, the target's row).
export { UPLOAD_STATUS, uploadPicture, type UploadResult } from "../storage/upload";
